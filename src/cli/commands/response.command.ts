import { defineCommand, type ParsedInput } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { UsageError } from '../exit.js';
import { clientWithInbox, durationMs, str } from '../normalise.js';
import type { ResponseSetFlags } from './response.js';

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
    ...(body === undefined ? {} : body.startsWith('@') ? { bodyFile: body.slice(1) } : { body }),
    ...(delay !== undefined ? { delayMs: durationMs(input, 'delay', 0) } : {}),
    ...(ruleFile !== undefined ? { ruleFile } : {}),
  };
}

export const responseShowCommand = defineCommand({
  path: ['response', 'show'],
  kind: 'client',
  summary: 'Show what an inbox answers its senders.',
  description:
    "Print the inbox's response (default answer and rules; docs/responses.md), or say that it " +
    'answers the default 200 {"ok":true}. An owned inbox needs its owner\'s token; an anonymous one only its id. ' +
    '--json prints what --file of `response set` takes.',
  args: [INBOX_ID],
  options: CLIENT,
  examples: ['rehook response show inb_...', 'rehook response show inb_... --json > response.json'],
  normalise: (input) => ({ ...clientWithInbox(input), action: 'show' as const }),
  load: () => import('./response.js'),
});

export const responseSetCommand = defineCommand({
  path: ['response', 'set'],
  kind: 'client',
  summary: 'Program what an inbox answers its senders.',
  description:
    "Replace the inbox's response: the default answer from --status, --header, --body and " +
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
    ...clientWithInbox(input),
    action: 'set' as const,
    flags: responseFlags(input),
  }),
  load: () => import('./response.js'),
});

export const responseClearCommand = defineCommand({
  path: ['response', 'clear'],
  kind: 'client',
  summary: 'Make an inbox answer the default 200 {"ok":true} again.',
  description: "Remove the inbox's response. An owned inbox needs its owner's token; an anonymous one only its id.",
  args: [INBOX_ID],
  options: CLIENT,
  examples: ['rehook response clear inb_...'],
  normalise: (input) => ({ ...clientWithInbox(input), action: 'clear' as const }),
  load: () => import('./response.js'),
});
