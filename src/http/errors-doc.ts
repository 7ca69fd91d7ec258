import { ERROR_CODES, type ErrorCode } from '../errors.js';

/**
 * docs/errors.md, rendered from the error catalogue (ERROR_CODES in src/errors.ts) and the
 * OpenAPI document (openapi.json), which lists for every operation and error status the exact
 * `error.code` values it can answer. `npm run docs:write` writes it; `npm test` fails when the
 * committed file differs (test/unit/docs.test.ts).
 */

/** One answer of the ingest listener (src/http/ingest/server.ts, src/metrics/ingest.ts). */
export interface IngestAnswer {
  readonly status: number;
  readonly code: string;
  readonly when: string;
}

/**
 * Every error the ingest listener answers, also those outside any OpenAPI operation (malformed
 * HTTP never reaches a route). A test reads the listener's sources and fails when this list
 * and the (status, code) pairs written there differ.
 */
export const INGEST_ANSWERS: readonly IngestAnswer[] = [
  {
    status: 400,
    code: 'BAD_REQUEST',
    when:
      'Malformed HTTP (conflicting `Content-Length`, `Content-Length` with `Transfer-Encoding`, bare LF, ...), ' +
      "rejected by Node's parser before any route: connection closed, nothing stored.",
  },
  {
    status: 404,
    code: 'NOT_FOUND',
    when: 'A path that is not an ingest URL (`/i/<inboxId>` or below), `/healthz`, `/readyz` or `/metrics`.',
  },
  {
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    when: '`/readyz` or `/metrics` with a method other than GET or HEAD (with `Allow: GET, HEAD`).',
  },
  {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    when:
      'Headers not complete within `REHOOK_INGEST_HEADERS_TIMEOUT`, or the whole request within ' +
      '`REHOOK_INGEST_REQUEST_TIMEOUT`: connection closed, nothing stored.',
  },
  {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    when: 'Body over `REHOOK_MAX_BODY`, nothing stored; refused before reading when `Content-Length` says so.',
  },
  {
    status: 429,
    code: 'RATE_LIMITED',
    when: 'More requests to one inbox than `REHOOK_RATE_INGEST_PER_INBOX`, with `Retry-After`; nothing stored.',
  },
  {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    when: 'Header block over 16 KiB: connection closed, nothing stored.',
  },
  {
    status: 503,
    code: 'STORAGE_UNAVAILABLE',
    when:
      'Storage failed (disk full, database error), so the sender retries: never a 200 for an event that ' +
      'was not stored. Also `/readyz` while the database does not answer.',
  },
];

/**
 * When each code is answered, in a sentence: the README's error table and docs/errors.md show it.
 * Typed over every code, so a code added to the catalogue needs its sentence here.
 */
export const ERROR_WHEN: Readonly<Record<ErrorCode, string>> = {
  VALIDATION_FAILED: 'A parameter or field is invalid (`limit`, `before`, token `name`, ...).',
  INVALID_JSON: 'The body is not valid JSON.',
  AMBIGUOUS_CREDENTIALS:
    'A sharing link (`X-Rehook-Share` or `?share=`) sent with an `Authorization` header, or two sharing ' +
    'links (the header twice, the parameter twice, or both): one credential per request.',
  BAD_REQUEST:
    'Ingest: malformed HTTP (conflicting `Content-Length`, `Content-Length` with `Transfer-Encoding`, bare LF, ...); connection closed.',
  REQUEST_TIMEOUT:
    'Ingest: headers not complete within `REHOOK_INGEST_HEADERS_TIMEOUT`, or the request within `REHOOK_INGEST_REQUEST_TIMEOUT`.',
  INVALID_DESTINATION: 'Replay: the destination is not an absolute `http`/`https` URL, or has credentials or spaces.',
  UNAUTHORIZED:
    'No token where one is needed, or an `Authorization` header that is not exactly one valid token ' +
    '(on every endpoint: a bad token never counts as anonymous); likewise a `rehook_session` cookie ' +
    'of a session that expired or was signed out (the answer also clears the cookie).',
  INVALID_CREDENTIALS:
    'Sign-in: no account with this e-mail address, no password set, or a wrong password (one answer for all three).',
  DESTINATION_FORBIDDEN:
    'Replay: the destination resolves to a loopback, private, link-local, unique-local, multicast, ' +
    'reserved or metadata address, or to one in `REHOOK_REPLAY_DENY_CIDRS`.',
  CSRF_FAILED:
    'A request authenticated by the session cookie, with a method other than GET, HEAD or OPTIONS, ' +
    "without the session's `X-CSRF-Token` (or with a wrong one, or sent cross-site).",
  SIGNUP_CLOSED: 'Sign-up with `REHOOK_SIGNUP=closed`: only an operator creates accounts (`rehook accounts create`).',
  SHARE_READ_ONLY:
    'A request made with a sharing link to anything but reading its inbox, its events and their stream ' +
    '(replay, delete, save, rename, share, tokens, creating inboxes, ...).',
  NOT_FOUND: 'No such route.',
  INBOX_NOT_FOUND: 'The inbox is unknown, expired, deleted, or owned by another account.',
  EVENT_NOT_FOUND: "The event is unknown, or belongs to another account's inbox.",
  TOKEN_NOT_FOUND: 'The token is unknown, or belongs to another account.',
  SHARE_NOT_FOUND:
    'A sharing link that is malformed, unknown or revoked, or whose inbox was deleted, on every ' +
    "endpoint it is sent to; revoking a link that is not (or no longer) one of the inbox's.",
  REPLAY_JOB_NOT_FOUND:
    'The bulk replay job is unknown, or was made by another account (and is not of an inbox the caller owns).',
  FORWARDING_NOT_FOUND:
    'Reading or removing the forwarding of an inbox that has none, or retrying a delivery by hand ' +
    '(`POST /api/v1/events/<id>/deliveries/retry`) of an event whose inbox has none.',
  METHOD_NOT_ALLOWED: '`/readyz` or `/metrics` on the ingest listener with a method other than GET or HEAD.',
  CONFLICT: 'An account with this e-mail address already exists (sign-up, `rehook accounts create`).',
  DELIVERY_IN_PROGRESS:
    'Retrying a delivery by hand while it is still pending or being sent: wait until it is delivered, ' +
    'failed or cancelled (`GET /api/v1/events/<id>/deliveries` shows its state).',
  INBOX_NOT_SAVED:
    'Sharing links, signature settings or forwarding of an anonymous inbox (and the deliveries of its ' +
    'events): only a saved inbox can be shared, given a signature secret or forward events (save it first).',
  SIGNATURE_NOT_SET:
    'Re-signing (`resign: true` on a replay, `POST /api/v1/events/<id>/resign`) an event whose inbox ' +
    'has no signature secret set (anonymous inboxes never have one), or whose stored secret this ' +
    'server cannot open (another `REHOOK_SECRET_KEY`).',
  PAYLOAD_TOO_LARGE:
    'API body over 64 KiB (on a replay: over the base64 of `REHOOK_MAX_BODY` plus 64 KiB, so an edited body fits); ingest body over `REHOOK_MAX_BODY`.',
  UNSUPPORTED_MEDIA_TYPE: 'A body that is not `application/json`.',
  HEADERS_TOO_LARGE: 'Ingest request headers over 16 KiB.',
  RATE_LIMITED: 'An abuse limit was reached (see Configuration); `Retry-After` says when to retry.',
  INTERNAL: 'A bug: an error nobody expected. The server logs the cause; the answer says nothing more.',
  DESTINATION_UNREACHABLE: 'Replay: connection refused, DNS failure, TLS failure or reset.',
  STORAGE_UNAVAILABLE: 'The database could not be used; retry.',
  DESTINATION_TIMEOUT:
    'Replay: no connection within `REHOOK_REPLAY_CONNECT_TIMEOUT` (5 s), or no full answer within ' +
    '`REHOOK_REPLAY_TIMEOUT` (30 s).',
};

/**
 * Where a code is answered outside the operations of the OpenAPI document and the ingest
 * listener: errors of the framework before any route runs, and the CLI. A code that no
 * operation, no ingest answer and no entry here accounts for stops the rendering, so a new code
 * cannot go undocumented.
 */
export const OTHER_SOURCES: Readonly<Partial<Record<ErrorCode, { readonly short: string; readonly text: string }>>> = {
  NOT_FOUND: {
    short: 'any unrouted API path',
    text:
      'API: any path without a route, any method a path has no route for, a path with malformed ' +
      'percent-encoding, or a path parameter over 200 characters (all answered before routing).',
  },
  CONFLICT: {
    short: '`rehook accounts create` only',
    text:
      'No HTTP endpoint: `rehook accounts create` exits 1 with `rehook: CONFLICT: ...` when the e-mail ' +
      'address already has an account.',
  },
};

/** Markers in README.md between which the short error table is kept up to date. */
export const ERROR_TABLE_START = '<!-- error-table:start (generated by `npm run docs:write`) -->';
export const ERROR_TABLE_END = '<!-- error-table:end -->';

function byStatus(): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).sort((a, b) => ERROR_CODES[a].status - ERROR_CODES[b].status);
}

function when(code: ErrorCode): string {
  const text = (ERROR_WHEN as Readonly<Record<string, string | undefined>>)[code];
  if (text === undefined) throw new Error(`${code} has no sentence in ERROR_WHEN (src/http/errors-doc.ts)`);
  return text;
}

/** README's table: status, code (linked to its section of docs/errors.md), when. */
export function renderErrorTable(): string {
  return [
    '| Status | Code | When |',
    '|---|---|---|',
    ...byStatus().map(
      (code) => `| ${ERROR_CODES[code].status} | [\`${code}\`](docs/errors.md#${anchor(code)}) | ${cell(when(code))} |`,
    ),
  ].join('\n');
}

/** Replaces the table between the markers; throws when the markers are missing. */
export function replaceErrorTable(document: string): string {
  const start = document.indexOf(ERROR_TABLE_START);
  const end = document.indexOf(ERROR_TABLE_END);
  if (start < 0 || end < start) throw new Error('error table markers not found');
  return `${document.slice(0, start + ERROR_TABLE_START.length)}\n${renderErrorTable()}\n${document.slice(end)}`;
}

// --- The parts of an OpenAPI 3.1 document read here ---------------------------------------

type Json = Record<string, unknown>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/...`); other objects are returned as they are. */
function resolve(document: Json, value: unknown, where: string): Json | undefined {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current['$ref'] === 'string'; hops += 1) {
    const ref = current['$ref'];
    if (!ref.startsWith('#/') || hops > 20) throw new Error(`openapi.json: ${where}: cannot follow $ref ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, part) => (isObject(node) ? node[part] : undefined), document);
  }
  return isObject(current) ? current : undefined;
}

/** One operation's answers with one error status, as the OpenAPI document declares them. */
export interface ErrorAnswer {
  readonly method: string;
  readonly path: string;
  /** The response key: `404`, or a range such as `4XX`, or `default`. */
  readonly status: string;
  readonly codes: readonly string[];
  /** Properties of the error object besides `code` and `message`, with their descriptions. */
  readonly extras: ReadonlyMap<string, string>;
}

export interface OperationRef {
  readonly method: string;
  readonly path: string;
}

/** Every operation of the document, and every error response of each (status >= 400). */
export function readErrorAnswers(document: unknown): { operations: OperationRef[]; answers: ErrorAnswer[] } {
  if (!isObject(document) || !isObject(document['paths'])) throw new Error('openapi.json: no `paths` object');
  const operations: OperationRef[] = [];
  const answers: ErrorAnswer[] = [];
  for (const [path, rawItem] of Object.entries(document['paths'])) {
    const item = resolve(document, rawItem, path);
    if (item === undefined) continue;
    for (const method of HTTP_METHODS) {
      const operation = resolve(document, item[method], `${method} ${path}`);
      if (operation === undefined) continue;
      const where = `${method.toUpperCase()} ${path}`;
      operations.push({ method: method.toUpperCase(), path });
      const responses = resolve(document, operation['responses'], where) ?? {};
      for (const [status, rawResponse] of Object.entries(responses)) {
        if (!(status === 'default' || /^[45]/.test(status))) continue;
        const response = resolve(document, rawResponse, `${where} ${status}`);
        const content = resolve(document, response?.['content'], `${where} ${status}`);
        const media = resolve(document, content?.['application/json'], `${where} ${status}`);
        const schema = resolve(document, media?.['schema'], `${where} ${status}`);
        const error = resolve(document, resolve(document, schema?.['properties'], where)?.['error'], where);
        const properties = resolve(document, error?.['properties'], where) ?? {};
        const codes = resolve(document, properties['code'], where)?.['enum'];
        if (!Array.isArray(codes) || !codes.every((code): code is string => typeof code === 'string')) {
          throw new Error(
            `openapi.json: ${where} response ${status} has no error.code enum ` +
              `(content['application/json'].schema.properties.error.properties.code.enum)`,
          );
        }
        const extras = new Map<string, string>();
        for (const [name, raw] of Object.entries(properties)) {
          if (name === 'code' || name === 'message') continue;
          const description = resolve(document, raw, `${where} ${status} ${name}`)?.['description'];
          extras.set(name, typeof description === 'string' ? description : '');
        }
        answers.push({ method: method.toUpperCase(), path, status, codes, extras });
      }
    }
  }
  return { operations, answers };
}

/** Throws when the document names a code the catalogue lacks, or a code under another status. */
function checkAgainstCatalogue(answers: readonly ErrorAnswer[]): void {
  const problems: string[] = [];
  for (const answer of answers) {
    for (const code of answer.codes) {
      const where = `${answer.method} ${answer.path} ${answer.status}`;
      const entry = (ERROR_CODES as Readonly<Record<string, { status: number }>>)[code];
      if (entry === undefined) {
        problems.push(`${where}: ${code} is not in ERROR_CODES`);
      } else if (
        answer.status !== 'default' &&
        !new RegExp(`^${answer.status.replaceAll('X', '\\d')}$`).test(String(entry.status))
      ) {
        problems.push(`${where}: ${code} has status ${entry.status} in ERROR_CODES`);
      }
    }
  }
  if (problems.length > 0) throw new Error(`openapi.json disagrees with src/errors.ts: ${problems.join('; ')}`);
}

// --- Markdown ----------------------------------------------------------------------------

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** `/api/v1/inboxes/{inboxId}`: GET, DELETE — operations grouped by path, in document order. */
function groupByPath(operations: readonly OperationRef[]): string[] {
  const byPath = new Map<string, string[]>();
  for (const { method, path } of operations) byPath.set(path, [...(byPath.get(path) ?? []), method]);
  return [...byPath].map(([path, methods]) => `\`${path}\`: ${methods.join(', ')}`);
}

function key(operation: OperationRef): string {
  return `${operation.method} ${operation.path}`;
}

/** The operations answering `code`, in document order, with their response keys when not the code's status. */
function operationsFor(code: string, answers: readonly ErrorAnswer[]): OperationRef[] {
  const seen = new Set<string>();
  const out: OperationRef[] = [];
  for (const answer of answers) {
    if (!answer.codes.includes(code) || seen.has(key(answer))) continue;
    seen.add(key(answer));
    out.push({ method: answer.method, path: answer.path });
  }
  return out;
}

function operationsText(answering: readonly OperationRef[], all: readonly OperationRef[]): string[] {
  if (answering.length === all.length) return [`Every operation in openapi.json (all ${all.length}).`];
  const answeringKeys = new Set(answering.map(key));
  const missing = all.filter((operation) => !answeringKeys.has(key(operation)));
  if (answering.length >= 8 && missing.length < answering.length) {
    return [
      `Every operation (${answering.length} of ${all.length}) except:`,
      ...groupByPath(missing).map((line) => `  - ${line}`),
    ];
  }
  return groupByPath(answering);
}

function summaryWhere(operations: number, ingest: boolean, other: string | undefined, total: number): string {
  const parts: string[] = [];
  if (operations > 0)
    parts.push(operations === total ? 'every operation' : `${operations} operation${operations === 1 ? '' : 's'}`);
  if (ingest) parts.push('ingest listener');
  if (other !== undefined) parts.push(other);
  return parts.join('; ');
}

function anchor(code: string): string {
  return code.toLowerCase();
}

const ENVELOPE = `Every error, from the REST API and from the ingest listener alike, is a JSON object with one
member, \`error\`:

\`\`\`json
{"error":{"code":"INBOX_NOT_FOUND","message":"Inbox not found"}}
\`\`\`

- \`code\` is the contract: stable across versions, one of the codes below. Program against it
  (and the HTTP status, which is fixed per code).
- \`message\` is for humans. It is often more specific than the default below (\`limit must be an
  integer from 1 to 1000\`) and may change in any version: do not parse it.
- Some errors carry more fields in the same object, listed under *Extra fields*; a client must
  ignore fields it does not know.

The \`rehook\` command prints an API error as \`rehook: CODE: message\` and exits 1 (see
[cli.md](cli.md#exit-codes)).`;

/** The whole of docs/errors.md. `openapi` is the parsed openapi.json. */
export function renderErrorsDoc(openapi: unknown): string {
  const { operations, answers } = readErrorAnswers(openapi);
  checkAgainstCatalogue(answers);
  const codes = Object.keys(ERROR_CODES) as ErrorCode[];
  const byCode = new Map(codes.map((code) => [code, operationsFor(code, answers)] as const));
  const ingestByCode = new Map(INGEST_ANSWERS.map((answer) => [answer.code, answer] as const));
  const unaccounted = codes.filter(
    (code) => byCode.get(code)?.length === 0 && !ingestByCode.has(code) && OTHER_SOURCES[code] === undefined,
  );
  if (unaccounted.length > 0) {
    throw new Error(
      `${unaccounted.join(', ')}: answered by no operation in openapi.json, not by the ingest listener, and ` +
        'not described in OTHER_SOURCES (src/http/errors-doc.ts): say where it comes from',
    );
  }
  const ordered = byStatus();

  const summary = [
    '| Status | Code | Default message | Answered by |',
    '|---|---|---|---|',
    ...ordered.map((code) => {
      const where = summaryWhere(
        byCode.get(code)?.length ?? 0,
        ingestByCode.has(code),
        OTHER_SOURCES[code]?.short,
        operations.length,
      );
      return `| ${ERROR_CODES[code].status} | [\`${code}\`](#${anchor(code)}) | ${cell(ERROR_CODES[code].message)} | ${where} |`;
    }),
  ].join('\n');

  const sections = ordered.map((code) => {
    const answering = byCode.get(code) ?? [];
    const lines = [
      `### ${code}`,
      '',
      `**${ERROR_CODES[code].status}**, default message: ${ERROR_CODES[code].message}.`,
      '',
      when(code),
      '',
    ];
    if (answering.length > 0) {
      lines.push('Operations that declare it in openapi.json:', '');
      lines.push(...operationsText(answering, operations).map((line) => (line.startsWith('  ') ? line : `- ${line}`)));
    } else {
      lines.push('No operation in openapi.json declares it.');
    }
    const ingest = ingestByCode.get(code);
    if (ingest !== undefined) lines.push('', `Ingest listener: ${ingest.when}`);
    const other = OTHER_SOURCES[code];
    if (other !== undefined) lines.push('', other.text);
    return lines.join('\n');
  });

  const extras = new Map<string, { description: string; where: Map<string, string[]> }>();
  for (const answer of answers) {
    for (const [name, description] of answer.extras) {
      const entry = extras.get(name) ?? { description, where: new Map<string, string[]>() };
      if (entry.description === '') entry.description = description;
      entry.where.set(key(answer), [...(entry.where.get(key(answer)) ?? []), answer.status]);
      extras.set(name, entry);
    }
  }
  const extraLines =
    extras.size === 0
      ? ['No error in openapi.json declares fields besides `code` and `message`.']
      : [...extras].map(([name, { description, where }]) => {
          const places = [...where]
            .map(([operation, statuses]) => `\`${operation}\` (${statuses.join(', ')})`)
            .join('; ');
          return `- \`${name}\`${description === '' ? '' : `: ${description}`} On ${places}.`;
        });

  const outside = INGEST_ANSWERS.filter((answer) => !(answer.code in ERROR_CODES));
  const ingestTable = [
    '| Status | Code | When |',
    '|---|---|---|',
    ...INGEST_ANSWERS.map(
      (answer) =>
        `| ${answer.status} | \`${answer.code}\`${answer.code in ERROR_CODES ? '' : ' (\\*)'} | ${cell(answer.when)} |`,
    ),
  ].join('\n');

  return `${[
    '# Error codes',
    '<!-- Generated by `npm run docs:write` from ERROR_CODES in src/errors.ts, openapi.json and ' +
      'src/http/errors-doc.ts. Do not edit: change those and run it again (`npm test` fails while this ' +
      'file is out of date). -->',
    '## The error envelope',
    ENVELOPE,
    '## Extra fields',
    'Fields besides `code` and `message`, as openapi.json declares them (operation and statuses):',
    extraLines.join('\n'),
    '## All codes',
    'The catalogue (`ERROR_CODES` in src/errors.ts), by status. *Answered by* counts the operations of ' +
      '[openapi.json](../openapi.json) that declare the code; the section of each code lists them.',
    summary,
    '## The ingest listener',
    'The ingest origin (`/i/<inboxId>`, see the README) answers 200 whenever it stored the request, and ' +
      'also for unknown or expired inboxes. Its errors, in the same envelope:',
    ingestTable,
    ...(outside.length === 0
      ? []
      : [
          `(\\*) Not in the catalogue: ${outside.map((answer) => `\`${answer.code}\``).join(' and ')} ` +
            `${outside.length === 1 ? 'is' : 'are'} only answered by the ingest listener, to requests that never ` +
            'reach a route (the connection is closed after the answer).',
        ]),
    '## Codes',
    ...sections,
  ].join('\n\n')}\n`;
}
