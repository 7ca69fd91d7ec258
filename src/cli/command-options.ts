import type { ArgDef, OptionDef } from './command.js';
import { SERVE_OPTIONS } from './setting-flags.js';
import { DEFAULT_SERVER } from './normalise.js';

/** Option and argument definitions that several commands share, so their help reads alike. */

export const JSON_OUTPUT: OptionDef = {
  type: 'boolean',
  description: 'Print the JSON data instead of the human form.',
};

export const EMAIL: OptionDef = {
  type: 'string',
  value: 'email',
  description: 'E-mail address of the account.',
  required: true,
};

/** Where the store is, for the server commands: the same settings (and variables) `serve` reads. */
export const STORE: Readonly<Record<string, OptionDef>> = {
  'data-dir': {
    ...(SERVE_OPTIONS['data-dir'] as OptionDef),
    description: 'Directory of the SQLite database.',
  },
  'database-url': {
    ...(SERVE_OPTIONS['database-url'] as OptionDef),
    description:
      'PostgreSQL URL: use that database instead of SQLite. Prefer the environment variable: ' + 'it holds a password.',
  },
};

export const SERVER: OptionDef = {
  type: 'string',
  value: 'url',
  description: 'Origin of the Rehook API. Default: the server `rehook login` stored, else http://127.0.0.1:8080.',
  env: 'REHOOK_SERVER',
  default: DEFAULT_SERVER,
};

export const TOKEN: OptionDef = {
  type: 'string',
  value: 'token',
  description: 'API token (rhk_...). Default: the one `rehook login` stored, when --server is the stored server.',
  env: 'REHOOK_TOKEN',
};

/** --server, --token and --json: what every client command takes. */
export const CLIENT: Readonly<Record<string, OptionDef>> = { server: SERVER, token: TOKEN, json: JSON_OUTPUT };

export const TO_URL: OptionDef = {
  type: 'string',
  value: 'url',
  description: 'Destination URL (http or https).',
  required: true,
};

/** --wait of the bulk replay job commands. */
export const WAIT_FOR_JOB: OptionDef = {
  type: 'boolean',
  description:
    'Follow the job until it has finished (progress on stderr); exit 1 if it failed or was cancelled, 3 if it completed with failed sends (an answer of 400 or above, or none).',
};

export const INBOX_ID: ArgDef = { name: 'inboxId', description: 'Id of the inbox (inb_...).' };
export const EVENT_ID: ArgDef = { name: 'eventId', description: 'Id of a captured event (evt_...).' };
