import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defineCommand, type Command, type OptionDef, type ParsedInput } from './command.js';
import { UsageError } from './exit.js';
import { BOOLEAN_SETTING_FLAGS, commandHelp, groupHelp, HELP_OPTION, rootHelp, SERVE_OPTIONS } from './help.js';
import { EVENT_LIST_FILTER_OPTIONS, eventListFilter } from './filter-options.js';
import type { ResponseSetFlags } from './commands/response.js';
import type { SignatureSetFlags } from './commands/signature.js';
import type { CliIO } from './io.js';
import { LISTEN_OPTIONS, normaliseListen } from './listen/options.js';
import { REPLAY_EDIT_OPTIONS, replayEdits } from './replay-flags.js';
import { replayJobCommands } from './replay-job-commands.js';
import {
  adminOptions,
  arg,
  clientOptions,
  DEFAULT_SERVER,
  durationMs,
  positiveInt,
  required,
  storeOptions,
  str,
} from './normalise.js';

const JSON_OUTPUT: OptionDef = {
  type: 'boolean',
  description: 'Print the JSON data instead of the human form.',
};
const EMAIL: OptionDef = {
  type: 'string',
  value: 'email',
  description: 'E-mail address of the account.',
  required: true,
};
/** Where the store is, for the server commands: the same settings (and variables) `serve` reads. */
const STORE: Readonly<Record<string, OptionDef>> = {
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
const CLIENT: Readonly<Record<string, OptionDef>> = {
  server: {
    type: 'string',
    value: 'url',
    description: 'Origin of the Rehook API. Default: the server `rehook login` stored, else http://127.0.0.1:8080.',
    env: 'REHOOK_SERVER',
    default: DEFAULT_SERVER,
  },
  token: {
    type: 'string',
    value: 'token',
    description: 'API token (rhk_...). Default: the one `rehook login` stored, when --server is the stored server.',
    env: 'REHOOK_TOKEN',
  },
  json: JSON_OUTPUT,
};

const GROUPS: Readonly<Record<string, string>> = {
  accounts: 'Manage accounts. Server commands: they work on the store (data directory or DATABASE_URL) directly.',
  tokens: 'Manage the API tokens of an account. Server commands: they work on the store directly.',
  inbox: 'Create, inspect, rename, save, clear, delete and share inboxes on a running server.',
  forwarding: "Forward a saved inbox's events to a URL automatically, with retries (docs/forwarding.md).",
  response: 'Show, program and clear what an inbox answers its senders (docs/responses.md).',
  signature: "Check senders' signatures on a saved inbox, and re-sign replays (docs/signatures.md).",
};

const INBOX_ID = { name: 'inboxId', description: 'Id of the inbox (inb_...).' };

function exportFormat(input: ParsedInput): 'har' | 'ndjson' {
  const format = str(input, 'format') ?? 'har';
  if (format !== 'har' && format !== 'ndjson') throw new UsageError('--format must be har or ndjson', input.path);
  return format;
}
const EVENT_ID = { name: 'eventId', description: 'Id of a captured event (evt_...).' };

/** The flags of `rehook signature set` (src/cli/commands/signature.ts); the server checks the values. */
function signatureFlags(input: ParsedInput): SignatureSetFlags {
  const tolerance = str(input, 'tolerance');
  const toleranceMs = tolerance === undefined ? undefined : durationMs(input, 'tolerance', 0);
  if (toleranceMs !== undefined && (toleranceMs < 1000 || toleranceMs % 1000 !== 0)) {
    throw new UsageError('--tolerance must be whole seconds, at least 1s (e.g. 300, 5m)', input.path);
  }
  const optional = (name: string, key: keyof SignatureSetFlags) => {
    const value = str(input, name);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    scheme: required(input, 'scheme'),
    ...optional('secret', 'secret'),
    ...optional('secret-file', 'secretFile'),
    ...(toleranceMs !== undefined ? { toleranceSeconds: toleranceMs / 1000 } : {}),
    ...optional('header', 'header'),
    ...optional('encoding', 'encoding'),
    ...optional('prefix', 'prefix'),
  };
}

/** The flags of `rehook response set` (src/cli/commands/response.ts); the server checks the values. */
function responseFlags(input: ParsedInput): ResponseSetFlags {
  const file = str(input, 'file');
  const others = ['status', 'header', 'body', 'delay', 'rule-file'].filter((name) => input.values[name] !== undefined);
  if (file !== undefined && others.length > 0) {
    throw new UsageError(`--file gives the whole response: not with --${others.join(', --')}`, input.path);
  }
  if (file !== undefined) return { file, headers: [] };
  const status = str(input, 'status');
  if (status !== undefined && !/^\d{3}$/.test(status)) {
    throw new UsageError(`--status must be a status code such as 503 (got ${JSON.stringify(status)})`, input.path);
  }
  const rawHeaders = input.values['header'];
  const headers = (Array.isArray(rawHeaders) ? (rawHeaders as string[]) : []).map((raw): [string, string] => {
    const colon = raw.indexOf(':');
    if (colon <= 0) throw new UsageError(`--header must be "Name: value" (got ${JSON.stringify(raw)})`, input.path);
    return [raw.slice(0, colon).trim(), raw.slice(colon + 1).trim()];
  });
  const body = str(input, 'body');
  const delay = str(input, 'delay');
  const ruleFile = str(input, 'rule-file');
  return {
    headers,
    ...(status !== undefined ? { status: Number(status) } : {}),
    ...(body !== undefined && body.startsWith('@') ? { bodyFile: body.slice(1) } : body !== undefined ? { body } : {}),
    ...(delay !== undefined ? { delayMs: durationMs(input, 'delay', 0) } : {}),
    ...(ruleFile !== undefined ? { ruleFile } : {}),
  };
}

/** Every command, in the order `rehook --help` lists them. */
export const COMMANDS: readonly Command[] = [
  defineCommand({
    path: ['serve'],
    kind: 'server',
    summary: 'Run the REST API and the ingest listener.',
    description:
      'Run the REST API and the ingest listener (two ports). Every setting can be given as a flag or as ' +
      'its environment variable; flags win. The first log line on stdout gives the bound URLs. SIGINT or ' +
      'SIGTERM shuts down gracefully; a second signal exits at once.',
    args: [],
    options: SERVE_OPTIONS,
    examples: [
      'rehook serve',
      'rehook serve --port 0 --ingest-port 0 --data-dir /tmp/rehook',
      'REHOOK_ANON_TTL=1h rehook serve --host 0.0.0.0',
    ],
    normalise: (input) => ({
      flags: Object.fromEntries(Object.keys(SERVE_OPTIONS).map((flag) => [flag, str(input, flag)])),
    }),
    load: () => import('./commands/serve.js'),
  }),
  defineCommand({
    path: ['migrate'],
    kind: 'server',
    summary: 'Apply database migrations and exit.',
    description:
      'Bring the store (the data directory, or PostgreSQL with DATABASE_URL) to the newest schema. ' +
      '`serve` does the same at start; running it first, or twice, is harmless.',
    args: [],
    options: { ...STORE, json: JSON_OUTPUT },
    normalise: adminOptions,
    load: () => import('./commands/migrate.js'),
  }),
  defineCommand({
    path: ['accounts', 'create'],
    kind: 'server',
    summary: 'Create an account.',
    description:
      'Create an account in the store (the data directory, or PostgreSQL with DATABASE_URL). When stdin ' +
      'is not a terminal, the password is read from it (one trailing newline is dropped; empty input ' +
      'means no password).',
    args: [],
    options: { email: EMAIL, ...STORE, json: JSON_OUTPUT },
    examples: [
      'rehook accounts create --email dev@example.com',
      `printf '%s' "$PASSWORD" | rehook accounts create --email dev@example.com`,
    ],
    normalise: (input) => ({ ...adminOptions(input), email: required(input, 'email') }),
    load: () => import('./commands/accounts-create.js'),
  }),
  defineCommand({
    path: ['accounts', 'list'],
    kind: 'server',
    summary: 'List accounts.',
    args: [],
    options: { ...STORE, json: JSON_OUTPUT },
    normalise: adminOptions,
    load: () => import('./commands/accounts-list.js'),
  }),
  defineCommand({
    path: ['accounts', 'set-password'],
    kind: 'server',
    summary: "Set an account's password and sign it out everywhere.",
    description:
      'Set the password of an account in the store (the data directory, or PostgreSQL with DATABASE_URL), ' +
      'read from stdin, which must be piped (one trailing newline is dropped). Every session of the ' +
      'account is deleted: each browser signed in to it is signed out at once and must sign in with the ' +
      'new password. API tokens keep working (revoke them with `rehook tokens revoke`).',
    args: [],
    options: { email: EMAIL, ...STORE, json: JSON_OUTPUT },
    examples: [`printf '%s' "$NEW_PASSWORD" | rehook accounts set-password --email dev@example.com`],
    normalise: (input) => ({ ...adminOptions(input), email: required(input, 'email') }),
    load: () => import('./commands/accounts-set-password.js'),
  }),
  defineCommand({
    path: ['tokens', 'create'],
    kind: 'server',
    summary: 'Create an API token; prints only the token.',
    description:
      'Create an API token for an account. The token is printed alone on stdout (it is stored only as a ' +
      'hash and cannot be shown again); details go to stderr.',
    args: [],
    options: {
      email: EMAIL,
      name: {
        type: 'string',
        value: 'name',
        description: 'A name to recognise the token by.',
        required: true,
      },
      ...STORE,
    },
    examples: ['TOKEN=$(rehook tokens create --email dev@example.com --name laptop)'],
    normalise: (input) => ({
      ...storeOptions(input),
      email: required(input, 'email'),
      name: required(input, 'name'),
    }),
    load: () => import('./commands/tokens-create.js'),
  }),
  defineCommand({
    path: ['tokens', 'list'],
    kind: 'server',
    summary: "List an account's tokens.",
    args: [],
    options: { email: EMAIL, ...STORE, json: JSON_OUTPUT },
    normalise: (input) => ({ ...adminOptions(input), email: required(input, 'email') }),
    load: () => import('./commands/tokens-list.js'),
  }),
  defineCommand({
    path: ['tokens', 'revoke'],
    kind: 'server',
    summary: 'Revoke an API token.',
    args: [{ name: 'tokenId', description: 'Id of the token (tok_...), as `rehook tokens list` shows it.' }],
    options: { email: EMAIL, ...STORE },
    normalise: (input) => ({
      ...storeOptions(input),
      email: required(input, 'email'),
      tokenId: arg(input, 0),
    }),
    load: () => import('./commands/tokens-revoke.js'),
  }),
  defineCommand({
    path: ['inbox', 'create'],
    kind: 'client',
    summary: 'Create an inbox and print its URL.',
    description:
      'Create an inbox and print its id, full URL and expiry. With a token the inbox is persistent and ' +
      'owned by the account; without one it is anonymous and expires.',
    args: [],
    options: {
      name: { type: 'string', value: 'name', description: 'A name for the inbox (1 to 100 printable characters).' },
      ...CLIENT,
    },
    examples: ['rehook inbox create', 'rehook inbox create --name "Stripe test" --token "$TOKEN" --json'],
    normalise: (input) => ({ ...clientOptions(input), name: str(input, 'name') }),
    load: () => import('./commands/inbox-create.js'),
  }),
  defineCommand({
    path: ['inbox', 'list'],
    kind: 'client',
    summary: "List the token's saved inboxes.",
    args: [],
    options: CLIENT,
    normalise: clientOptions,
    load: () => import('./commands/inbox-list.js'),
  }),
  defineCommand({
    path: ['inbox', 'get'],
    kind: 'client',
    summary: 'Show an inbox.',
    args: [INBOX_ID],
    options: CLIENT,
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0) }),
    load: () => import('./commands/inbox-get.js'),
  }),
  defineCommand({
    path: ['inbox', 'rename'],
    kind: 'client',
    summary: 'Rename an inbox (an empty name removes it).',
    description:
      'Set the name of an inbox (1 to 100 printable characters) and print the inbox; an empty name ("") ' +
      "removes it. An owned inbox needs its owner's token; an anonymous one only its id.",
    args: [INBOX_ID, { name: 'name', description: 'The new name; "" removes the name.' }],
    options: CLIENT,
    examples: ['rehook inbox rename inb_... "Stripe (staging)"', 'rehook inbox rename inb_... ""'],
    normalise: (input) => {
      const name = arg(input, 1);
      return { ...clientOptions(input), inboxId: arg(input, 0), name: name === '' ? null : name };
    },
    load: () => import('./commands/inbox-rename.js'),
  }),
  defineCommand({
    path: ['inbox', 'clear'],
    kind: 'client',
    summary: 'Delete every event of an inbox; the inbox stays.',
    description:
      'Delete every event of an inbox, with their replays. The inbox and its URL stay and keep capturing ' +
      "(requests that arrive meanwhile are kept). An owned inbox needs its owner's token.",
    args: [INBOX_ID],
    options: CLIENT,
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0) }),
    load: () => import('./commands/inbox-clear.js'),
  }),
  defineCommand({
    path: ['inbox', 'delete'],
    kind: 'client',
    summary: 'Delete an inbox with its events and replays.',
    args: [INBOX_ID],
    options: CLIENT,
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0) }),
    load: () => import('./commands/inbox-delete.js'),
  }),
  defineCommand({
    path: ['inbox', 'save'],
    kind: 'client',
    summary: 'Make an anonymous inbox persistent (needs a token).',
    args: [INBOX_ID],
    options: CLIENT,
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0) }),
    load: () => import('./commands/inbox-save.js'),
  }),
  defineCommand({
    path: ['inbox', 'share'],
    kind: 'client',
    summary: 'Create a read-only sharing link of a saved inbox (needs its owner).',
    description:
      'Create a read-only sharing link of a saved inbox and print the URL of its page in the web app and ' +
      'its token, shown this once. Whoever holds the link reads the inbox, its events and their live stream ' +
      "(nothing else) until it is revoked with `rehook inbox unshare`. Needs the token of the inbox's owner; " +
      'an anonymous inbox must be saved first.',
    args: [INBOX_ID],
    options: CLIENT,
    examples: ['rehook inbox share inb_... --token "$TOKEN"'],
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0) }),
    load: () => import('./commands/inbox-share.js'),
  }),
  defineCommand({
    path: ['inbox', 'shares'],
    kind: 'client',
    summary: "List an inbox's sharing links (needs its owner).",
    description:
      'List the sharing links of a saved inbox, newest first: id, token prefix and creation time (never the tokens).',
    args: [INBOX_ID],
    options: CLIENT,
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0) }),
    load: () => import('./commands/inbox-shares.js'),
  }),
  defineCommand({
    path: ['inbox', 'unshare'],
    kind: 'client',
    summary: "Revoke a sharing link (needs the inbox's owner).",
    description: 'Revoke a sharing link: it stops working at once, and its open live streams end, on every instance.',
    args: [INBOX_ID, { name: 'shareId', description: 'Id of the link (shr_...), as `rehook inbox shares` shows it.' }],
    options: CLIENT,
    examples: ['rehook inbox unshare inb_... shr_... --token "$TOKEN"'],
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0), shareId: arg(input, 1) }),
    load: () => import('./commands/inbox-unshare.js'),
  }),
  defineCommand({
    path: ['signature', 'show'],
    kind: 'client',
    summary: "Show an inbox's signature settings (never the secret).",
    description:
      'Print the scheme, a hint of the secret (its last characters, for long secrets) and the options, or say ' +
      'that no secret is set. Only the owner of a saved inbox. docs/signatures.md has the details.',
    args: [INBOX_ID],
    options: CLIENT,
    examples: ['rehook signature show inb_...'],
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0), action: 'show' as const }),
    load: () => import('./commands/signature.js'),
  }),
  defineCommand({
    path: ['signature', 'set'],
    kind: 'client',
    summary: "Check an inbox's senders' signatures with a secret.",
    description:
      'Store the secret the sender signs with (encrypted on the server, never shown again): every event ' +
      'captured from then on carries its check (valid, invalid with the reason, or unchecked), and replays ' +
      'with --resign and `rehook listen --resign` sign with it. The secret is read from standard input ' +
      '(one trailing line break removed) or --secret-file, so it stays out of the shell history; --secret ' +
      'also works. Schemes: stripe, github, shopify, slack, standard-webhooks, svix, hmac-sha256 (with ' +
      '--header, --encoding, --prefix). Only the owner of a saved inbox.',
    args: [INBOX_ID],
    options: {
      scheme: {
        type: 'string',
        value: 'name',
        required: true,
        description: 'stripe, github, shopify, slack, standard-webhooks, svix or hmac-sha256.',
      },
      'secret-file': {
        type: 'string',
        value: 'path',
        description: 'File holding the secret (- reads standard input, the default).',
      },
      secret: {
        type: 'string',
        value: 'secret',
        description: 'The secret itself (it stays in the shell history: prefer standard input).',
      },
      tolerance: {
        type: 'string',
        value: 'duration',
        description:
          'How far the signed timestamp may be from the capture time (stripe, slack, standard-webhooks, svix; default 5m).',
      },
      header: {
        type: 'string',
        value: 'name',
        description: 'hmac-sha256: the header carrying the signature (required).',
      },
      encoding: {
        type: 'string',
        value: 'hex|base64',
        description: 'hmac-sha256: how the digest is written (default hex).',
      },
      prefix: { type: 'string', value: 'text', description: 'hmac-sha256: text before the digest, e.g. sha256=.' },
      ...CLIENT,
    },
    examples: [
      'stripe listen --print-secret | rehook signature set inb_... --scheme stripe',
      'rehook signature set inb_... --scheme github --secret-file ~/.secrets/github-webhook',
      'rehook signature set inb_... --scheme hmac-sha256 --header X-Signature --encoding base64 --secret-file key.txt',
    ],
    normalise: (input) => ({
      ...clientOptions(input),
      inboxId: arg(input, 0),
      action: 'set' as const,
      flags: signatureFlags(input),
    }),
    load: () => import('./commands/signature.js'),
  }),
  defineCommand({
    path: ['signature', 'remove'],
    kind: 'client',
    summary: "Remove an inbox's signature secret.",
    description:
      'New events are stored unchecked again; earlier events keep their check. Only the owner of a saved inbox.',
    args: [INBOX_ID],
    options: CLIENT,
    examples: ['rehook signature remove inb_...'],
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0), action: 'remove' as const }),
    load: () => import('./commands/signature.js'),
  }),
  defineCommand({
    path: ['response', 'show'],
    kind: 'client',
    summary: 'Show what an inbox answers its senders.',
    description:
      "Print the inbox's programmed response (default answer and rules; docs/responses.md), or say that it " +
      'answers the default 200 {"ok":true}. An owned inbox needs its owner\'s token; an anonymous one only its id. ' +
      '--json prints what --file of `response set` takes.',
    args: [INBOX_ID],
    options: CLIENT,
    examples: ['rehook response show inb_...', 'rehook response show inb_... --json > response.json'],
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0), action: 'show' as const }),
    load: () => import('./commands/response.js'),
  }),
  defineCommand({
    path: ['response', 'set'],
    kind: 'client',
    summary: 'Program what an inbox answers its senders.',
    description:
      "Replace the inbox's programmed response: the default answer from --status, --header, --body and " +
      '--delay (a plain 200 with an empty body when none is given), and rules from --rule-file (a JSON ' +
      'array of {match, response}; the first rule that matches a request answers it). Or give everything ' +
      'as one JSON document with --file (what `response show --json` prints, without its envelope, or ' +
      'what PUT /api/v1/inboxes/<id>/response takes). Headers that would break the connection ' +
      '(Connection, Transfer-Encoding, Content-Length, ...) and 1xx statuses are refused. Prints the ' +
      'response now in force. docs/responses.md has the details.',
    args: [INBOX_ID],
    options: {
      status: { type: 'string', value: 'code', description: 'Status of the default answer, 200 to 599 (default 200).' },
      header: {
        type: 'string',
        value: 'name: value',
        multiple: true,
        description: 'A header of the default answer; repeat it for several (sent in this order).',
      },
      body: {
        type: 'string',
        value: 'text|@file',
        description: 'Body of the default answer: the text, or @path for the exact bytes of a file.',
      },
      delay: {
        type: 'string',
        value: 'duration',
        description: 'Wait before answering, up to 30s (e.g. 500ms, 2s); the event is stored first.',
      },
      'rule-file': {
        type: 'string',
        value: 'path',
        description: 'JSON file with the rules (an array of {match, response}).',
      },
      file: {
        type: 'string',
        value: 'path',
        description: 'The whole response as JSON (- reads standard input); not with the other options.',
      },
      ...CLIENT,
    },
    examples: [
      'rehook response set inb_... --status 503 --header "Retry-After: 30" --body \'{"error":"down"}\'',
      'rehook response set inb_... --status 200 --body @reply.xml --header "Content-Type: application/xml" --delay 2s',
      'rehook response set inb_... --rule-file rules.json',
      'rehook response show inb_... --json | jq .response > response.json && rehook response set inb_... --file response.json',
    ],
    normalise: (input) => ({
      ...clientOptions(input),
      inboxId: arg(input, 0),
      action: 'set' as const,
      flags: responseFlags(input),
    }),
    load: () => import('./commands/response.js'),
  }),
  defineCommand({
    path: ['response', 'clear'],
    kind: 'client',
    summary: 'Make an inbox answer the default 200 {"ok":true} again.',
    description:
      "Remove the inbox's programmed response. An owned inbox needs its owner's token; an anonymous one only its id.",
    args: [INBOX_ID],
    options: CLIENT,
    examples: ['rehook response clear inb_...'],
    normalise: (input) => ({ ...clientOptions(input), inboxId: arg(input, 0), action: 'clear' as const }),
    load: () => import('./commands/response.js'),
  }),
  defineCommand({
    path: ['events'],
    kind: 'client',
    summary: 'List the events of an inbox, newest first.',
    description:
      'Newest first. With filters (docs/search.md) only matching events are listed; they combine with each other and with ' +
      '--before. A filtered page looks at up to 100,000 events, so it may show fewer than --limit events and ' +
      'still print the command for the next page.',
    args: [INBOX_ID],
    options: {
      limit: { type: 'string', value: 'n', description: 'Events per page (1 to 1000).', default: '50' },
      before: {
        type: 'string',
        value: 'eventId',
        description: 'Only events older than this one (the next page).',
      },
      ...EVENT_LIST_FILTER_OPTIONS,
      ...CLIENT,
    },
    examples: [
      'rehook events inb_... --limit 20',
      'rehook events inb_... --json | jq -r ".events[].id"',
      'rehook events inb_... --method POST --path /stripe --json-field data.object.status=paid',
      'rehook events inb_... --search cus_42 --since 2026-01-01',
    ],
    normalise: (input) => ({
      ...clientOptions(input),
      inboxId: arg(input, 0),
      limit: positiveInt(input, 'limit'),
      before: str(input, 'before'),
      filter: eventListFilter(input),
    }),
    load: () => import('./commands/events.js'),
  }),
  defineCommand({
    path: ['event'],
    kind: 'client',
    summary: 'Show one event with its headers and body.',
    args: [EVENT_ID],
    options: CLIENT,
    normalise: (input) => ({ ...clientOptions(input), eventId: arg(input, 0) }),
    load: () => import('./commands/event.js'),
  }),
  defineCommand({
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
    normalise: (input) => ({ ...clientOptions(input), eventId: arg(input, 0) }),
    load: () => import('./commands/curl.js'),
  }),
  defineCommand({
    path: ['export'],
    kind: 'client',
    summary: "Export an inbox's events as HAR 1.2 or NDJSON to standard output.",
    description:
      'Oldest first, up to the newest event when the export starts, with the same filters as the event list. ' +
      'HAR opens in browser dev tools (Network, import) and Insomnia; NDJSON has one event per line (the JSON ' +
      'of `rehook event --json`). Streamed: nothing is held in memory, so any inbox fits.',
    args: [INBOX_ID],
    options: {
      format: { type: 'string', value: 'har|ndjson', description: 'Export format.', default: 'har' },
      // The same flags as `rehook events`, so one filter works in both commands.
      ...EVENT_LIST_FILTER_OPTIONS,
      server: CLIENT['server'] as OptionDef,
      token: CLIENT['token'] as OptionDef,
    },
    examples: [
      'rehook export inb_... > inbox.har',
      'rehook export inb_... --format ndjson --method POST --since 2026-01-01 > events.ndjson',
    ],
    normalise: (input) => ({
      ...clientOptions(input),
      inboxId: arg(input, 0),
      format: exportFormat(input),
      filter: eventListFilter(input),
    }),
    load: () => import('./commands/export.js'),
  }),
  defineCommand({
    path: ['event', 'delete'],
    kind: 'client',
    summary: 'Delete one event with its replays.',
    description: "Delete a captured event and its replay history. An owned inbox's event needs its owner's token.",
    args: [EVENT_ID],
    options: CLIENT,
    normalise: (input) => ({ ...clientOptions(input), eventId: arg(input, 0) }),
    load: () => import('./commands/event-delete.js'),
  }),
  defineCommand({
    path: ['wait'],
    kind: 'client',
    summary: 'Wait for the next event of an inbox and print it.',
    description:
      'Wait until the inbox holds an event newer than --after (without it: the first event stored after ' +
      'the command started) and print it as `rehook event` does, or its JSON data with --json. Waits longer ' +
      'than 2 minutes are made of several server long-polls. Exit codes: 0 an event was printed; 1 none ' +
      'arrived within --timeout (stderr says it timed out), or a request failed (stderr gives the API ' +
      'error).',
    args: [INBOX_ID],
    options: {
      after: {
        type: 'string',
        value: 'eventId',
        description: 'Print the first event newer than this one; when it is already stored, at once.',
      },
      timeout: {
        type: 'string',
        value: 'duration',
        description: 'How long to wait: 500ms, 30s, 10m, 1h, or a number of seconds (0: look once).',
        default: '30s',
      },
      ...CLIENT,
    },
    examples: [
      'rehook wait inb_... --timeout 5m',
      'rehook wait inb_... --after evt_... --json | jq -r .event.bodyText',
    ],
    normalise: (input) => ({
      ...clientOptions(input),
      inboxId: arg(input, 0),
      after: str(input, 'after'),
      timeoutMs: durationMs(input, 'timeout', 30_000),
    }),
    load: () => import('./commands/wait.js'),
  }),
  defineCommand({
    path: ['listen'],
    kind: 'client',
    summary: 'Forward the events of an inbox to a local server as they arrive.',
    description:
      'Follow an inbox and send every new event to a local server (no tunnel: the listener calls the ' +
      'Rehook server, your server only gets requests from it) with the original method, sub-path, query, ' +
      'headers and exact body bytes. One line per event: capture time, method, path, local status and ' +
      'latency. Reconnects by itself after a drop and resumes where it stopped, also after a restart: ' +
      'the position is saved per server, inbox and --forward-to targets in the user state directory ' +
      '(REHOOK_STATE_DIR, else $XDG_STATE_HOME/rehook, else ~/.local/state/rehook). An event the local ' +
      'server refuses with 5xx, or cannot take, is retried --retries times, then given up on (the position ' +
      'moves on). Ctrl-C (or SIGTERM) stops it, prints how far it delivered and exits 0; a second Ctrl-C ' +
      'exits at once with 130. Exit 1: the token or the inbox was refused. See docs/listen.md.',
    args: [INBOX_ID],
    options: {
      ...LISTEN_OPTIONS,
      ...CLIENT,
      json: {
        ...JSON_OUTPUT,
        description: 'One JSON object per line (each delivery attempt, each skipped event, the summary at the end).',
      },
    },
    examples: [
      'rehook listen inb_... --forward-to http://localhost:3000/webhooks',
      'rehook listen inb_... --since 2h --forward-to /stripe=http://localhost:3000/stripe --forward-to /github=http://localhost:4000/gh',
      'rehook listen inb_... --forward-to http://localhost:3000/hooks --only-method POST --timeout 0 --print-body',
    ],
    normalise: normaliseListen,
    load: () => import('./commands/listen.js'),
  }),
  defineCommand({
    path: ['login'],
    kind: 'client',
    summary: 'Store a server and an API token for the client commands.',
    description:
      'Check an API token against the server, then store the server and the token in the user config ' +
      'file (REHOOK_CONFIG_DIR/config.json, else $XDG_CONFIG_HOME/rehook/config.json, else ' +
      '~/.config/rehook/config.json), readable only by you (mode 0600). Client commands then use them ' +
      'unless --server/REHOOK_SERVER or --token/REHOOK_TOKEN are given; the token is only sent to the ' +
      'server it was stored with. The token comes from --token, REHOOK_TOKEN, stdin when piped, or a ' +
      'prompt that does not echo it.',
    args: [],
    options: {
      server: CLIENT['server'] as OptionDef,
      token: CLIENT['token'] as OptionDef,
    },
    examples: [
      'rehook login --server https://rehook.example.com',
      'printf %s "$TOKEN" | rehook login --server https://rehook.example.com',
    ],
    normalise: (input) => {
      const token = str(input, 'token') ?? input.env['REHOOK_TOKEN'];
      return { server: clientOptions(input).server, token: token === '' ? undefined : token, env: input.env };
    },
    load: () => import('./commands/login.js'),
  }),
  defineCommand({
    path: ['logout'],
    kind: 'client',
    summary: 'Remove the server and token stored by `rehook login`.',
    args: [],
    options: {},
    normalise: (input) => ({ env: input.env }),
    load: () => import('./commands/logout.js'),
  }),
  defineCommand({
    path: ['replay'],
    kind: 'client',
    summary: 'Re-send an event from the server to a URL, as captured or edited (needs a token).',
    description:
      'Re-send a captured event from the server to a URL and print the status code, latency and ' +
      'response body of the destination. Needs a token. The method, path, query, headers and body ' +
      'can be changed first, the signature recomputed (--resign), and the replay repeated (--repeat); ' +
      'the replay history keeps what was sent (docs/replay.md).',
    args: [EVENT_ID],
    options: {
      to: { type: 'string', value: 'url', description: 'Destination URL (http or https).', required: true },
      ...REPLAY_EDIT_OPTIONS,
      ...CLIENT,
    },
    examples: [
      'rehook replay evt_... --to http://localhost:3000/webhooks --token "$TOKEN"',
      'rehook replay evt_... --to https://staging.example.com/hooks --set-header "X-Debug: 1" --remove-header User-Agent --body @event.json --resign',
      'rehook replay evt_... --to https://staging.example.com/hooks --repeat 10 --json',
    ],
    normalise: (input) => ({
      ...clientOptions(input),
      eventId: arg(input, 0),
      to: required(input, 'to'),
      edits: replayEdits(input),
    }),
    load: () => import('./commands/replay.js'),
  }),
  ...replayJobCommands(CLIENT),
  defineCommand({
    path: ['forwarding', 'set'],
    kind: 'client',
    summary: "Forward a saved inbox's events to a URL automatically (needs its owner).",
    description:
      'Set (replace) the automatic forwarding of a saved inbox: every event stored from now on is sent by the ' +
      "server to the URL in the background, at least once: method, headers, exact body, with the event's " +
      'sub-path and query appended to the URL. A 2xx answer delivers it; anything else is retried with ' +
      'exponential backoff until the attempts run out (docs/forwarding.md). Options left out get their defaults.',
    args: [INBOX_ID],
    options: {
      to: { type: 'string', value: 'url', description: 'Destination URL (http or https).', required: true },
      attempts: {
        type: 'string',
        value: 'n',
        description: 'Attempts per event before it is failed (1 to 30).',
        default: '8',
      },
      'max-delay': {
        type: 'string',
        value: 'duration',
        description: 'Longest wait between two attempts: 1s to 24h (e.g. 30s, 10m, 1h).',
        default: '1h',
      },
      disable: {
        type: 'boolean',
        description: 'Set it paused: nothing is queued or sent until it is set again without this.',
      },
      ...CLIENT,
    },
    examples: [
      'rehook forwarding set inb_... --to https://staging.example.com/webhooks --token "$TOKEN"',
      'rehook forwarding set inb_... --to https://example.com/hooks --attempts 12 --max-delay 10m',
    ],
    normalise: (input) => ({
      ...clientOptions(input),
      action: 'set' as const,
      inboxId: arg(input, 0),
      input: {
        destination: required(input, 'to'),
        enabled: input.values['disable'] !== true,
        attempts: positiveInt(input, 'attempts') ?? 8,
        maxDelayMs: durationMs(input, 'max-delay', 3_600_000),
      },
    }),
    load: () => import('./commands/forwarding.js'),
  }),
  defineCommand({
    path: ['forwarding', 'show'],
    kind: 'client',
    summary: "Show a saved inbox's automatic forwarding.",
    args: [INBOX_ID],
    options: CLIENT,
    normalise: (input) => ({ ...clientOptions(input), action: 'show' as const, inboxId: arg(input, 0) }),
    load: () => import('./commands/forwarding.js'),
  }),
  defineCommand({
    path: ['forwarding', 'remove'],
    kind: 'client',
    summary: "Stop forwarding a saved inbox's events; cancels the deliveries not finished yet.",
    description:
      'Remove the automatic forwarding of a saved inbox: new events are no longer sent, and deliveries not ' +
      'finished yet are cancelled. To pause without cancelling, use `rehook forwarding set ... --disable`.',
    args: [INBOX_ID],
    options: CLIENT,
    normalise: (input) => ({ ...clientOptions(input), action: 'remove' as const, inboxId: arg(input, 0) }),
    load: () => import('./commands/forwarding.js'),
  }),
  defineCommand({
    path: ['deliveries'],
    kind: 'client',
    summary: 'Show how an event was forwarded: its delivery and every attempt.',
    description:
      "Show the delivery of an event to its inbox's forwarding destination: its state and every attempt " +
      '(time, outcome, status, latency, error). With --retry, queue it again: a failed, cancelled or ' +
      'delivered delivery gets a new round of attempts, and an event stored before forwarding was set gets one.',
    args: [EVENT_ID],
    options: {
      retry: { type: 'boolean', description: "Queue the event's delivery again instead of showing it." },
      ...CLIENT,
    },
    examples: ['rehook deliveries evt_... --token "$TOKEN"', 'rehook deliveries evt_... --retry'],
    normalise: (input) => ({ ...clientOptions(input), eventId: arg(input, 0), retry: input.values['retry'] === true }),
    load: () => import('./commands/deliveries.js'),
  }),
];

type ParseOptions = NonNullable<ParseArgsConfig['options']>;

function toParseOptions(options: Readonly<Record<string, OptionDef>>): ParseOptions {
  const out: ParseOptions = {};
  for (const [name, def] of Object.entries(options)) {
    out[name] = {
      type: def.type,
      ...(def.short === undefined ? {} : { short: def.short }),
      ...(def.multiple === true ? { multiple: true } : {}),
    };
  }
  return out;
}

/** Every option of every command: only used to find the command words before the real parse. */
const ALL_OPTIONS: ParseOptions = toParseOptions(
  Object.assign(
    { help: HELP_OPTION, version: { type: 'boolean', description: '' } },
    ...COMMANDS.map((command) => command.options),
  ),
);

/** `--trust-proxy` alone means on; `--trust-proxy off` and `--trust-proxy=off` still work. */
function expandBareBooleans(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const current = argv[i] as string;
    if (current === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    const bare = current.startsWith('--') && BOOLEAN_SETTING_FLAGS.has(current.slice(2));
    out.push(bare && (next === undefined || next.startsWith('-')) ? `${current}=on` : current);
  }
  return out;
}

/** The command words and the help/version flags, whatever else the line holds. */
function prescan(args: readonly string[]): { words: string[]; help: boolean; version: boolean } {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: ALL_OPTIONS,
    strict: false,
    allowPositionals: true,
  });
  return { words: positionals, help: values['help'] === true, version: values['version'] === true };
}

/** The command whose words the line starts with; the longest one (`event delete`, not `event`). */
function findCommand(words: readonly string[]): Command | undefined {
  let found: Command | undefined;
  for (const command of COMMANDS) {
    if (!command.path.every((word, index) => words[index] === word)) continue;
    if (found === undefined || command.path.length > found.path.length) found = command;
  }
  return found;
}

function isParseArgsError(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/** The strict parse for one command: unknown flags, missing arguments and options are usage errors. */
function parseFor(command: Command, args: readonly string[], env: CliIO['env']): ParsedInput {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: toParseOptions({ ...command.options, help: HELP_OPTION }),
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    if (!isParseArgsError(err)) throw err;
    // Node's messages run on with advice about `--`; the first sentence is the useful part.
    throw new UsageError((err.message.split(/\n|\. To specify/)[0] ?? err.message).trim(), command.path);
  }
  const positionals = parsed.positionals.slice(command.path.length);
  const missing = command.args[positionals.length];
  if (missing !== undefined) throw new UsageError(`missing argument <${missing.name}>`, command.path);
  const extra = positionals[command.args.length];
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`, command.path);
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  for (const [name, def] of Object.entries(command.options)) {
    if (def.required === true && values[name] === undefined) {
      throw new UsageError(`missing required option --${name}`, command.path);
    }
  }
  return { path: command.path, values, args: positionals, env };
}

/** The version in the package.json of the installed package (dist/src/cli is three levels down). */
function readVersion(): string {
  let dir = new URL('.', import.meta.url);
  for (let depth = 0; depth < 5; depth += 1) {
    try {
      const text = readFileSync(new URL('package.json', dir), 'utf8');
      const pkg = JSON.parse(text) as { name?: unknown; version?: unknown };
      if (pkg.name === 'rehook' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // Not here: look one directory up.
    }
    dir = new URL('..', dir);
  }
  return 'unknown';
}

/** A group word without a known subcommand: its help, or a usage error listing the subcommands. */
function groupOnly(group: string, summary: string, words: readonly string[], help: boolean, io: CliIO): void {
  const [, sub] = words;
  if (sub === undefined && help) return io.stdout(groupHelp(group, summary, COMMANDS));
  const names = COMMANDS.filter((command) => command.path[0] === group).map((command) => command.path[1]);
  const problem = sub === undefined ? 'missing subcommand' : `unknown subcommand ${JSON.stringify(sub)}`;
  throw new UsageError(`${problem} for "${group}" (one of: ${names.join(', ')})`, [group]);
}

/**
 * Runs the command line `argv` (without `node` and the script). Resolves when the command has
 * finished; throws UsageError for a command line that cannot run and lets the command's own
 * errors through to the bin entry, which maps them to exit codes.
 */
export async function runCli(argv: readonly string[], io: CliIO): Promise<void> {
  const args = expandBareBooleans(argv);
  const scan = prescan(args);
  const words = scan.words[0] === 'help' ? scan.words.slice(1) : scan.words;
  const help = scan.help || scan.words[0] === 'help';
  const [first] = words;
  if (first === undefined) {
    if (scan.version && !help) return io.stdout(readVersion());
    if (help) return io.stdout(rootHelp(COMMANDS));
    throw new UsageError('missing command');
  }
  const command = findCommand(words);
  const group = GROUPS[first];
  if (command === undefined && group !== undefined) return groupOnly(first, group, words, help, io);
  if (command === undefined) throw new UsageError(`unknown command ${JSON.stringify(first)}`);
  if (help) return io.stdout(commandHelp(command));
  await command.execute(parseFor(command, args, io.env), io);
}
