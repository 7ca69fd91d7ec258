import { defineCommand } from '../command.js';
import { CLIENT, EVENT_ID } from '../command-options.js';
import { clientWithEvent } from '../normalise.js';

export const curlCommand = defineCommand({
  path: ['curl'],
  kind: 'client',
  summary: 'Print a curl command that sends a captured request again, byte for byte.',
  description:
    "A POSIX shell command (sh, bash, zsh) for the event: its method, path and raw query on the inbox's " +
    'public ingest URL, every header in order with duplicates, the exact body (binary bodies through printf). ' +
    'Authorization and Cookie were redacted when captured: they are left out, and named on stderr.',
  args: [EVENT_ID],
  options: CLIENT,
  examples: ['rehook curl evt_...', 'rehook curl evt_... | sh'],
  normalise: clientWithEvent,
  load: () => import('./curl.js'),
});
