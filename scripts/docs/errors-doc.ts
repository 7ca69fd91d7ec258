import { ERROR_CODES, type ErrorCode } from '../../src/errors.js';
import { ERROR_WHEN, INGEST_ANSWERS, OTHER_SOURCES } from './error-notes.js';
import { type ErrorAnswer, type OperationRef, readErrorAnswers } from './openapi-reader.js';

/**
 * docs/generated/errors.md, rendered from the error catalogue (ERROR_CODES in src/errors.ts), the notes in
 * error-notes.ts and the OpenAPI document, which lists for every operation and error status the
 * exact `error.code` values it can answer. `npm run docs:write` writes it; `npm test` fails when
 * the committed file differs (test/unit/generated-files.test.ts).
 */

function byStatus(): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).sort((a, b) => ERROR_CODES[a].status - ERROR_CODES[b].status);
}

function when(code: ErrorCode): string {
  const text = (ERROR_WHEN as Readonly<Record<string, string | undefined>>)[code];
  if (text === undefined) throw new Error(`${code} has no sentence in ERROR_WHEN (scripts/docs/error-notes.ts)`);
  return text;
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

/** The whole of docs/generated/errors.md. `openapi` is the parsed openapi.json. */
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
        'not described in OTHER_SOURCES (scripts/docs/error-notes.ts): say where it comes from',
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
      'scripts/docs/error-notes.ts. Do not edit: change those and run it again (`npm test` fails while this ' +
      'file is out of date). -->',
    '## The error envelope',
    ENVELOPE,
    '## Extra fields',
    'Fields besides `code` and `message`, as openapi.json declares them (operation and statuses):',
    extraLines.join('\n'),
    '## All codes',
    'The catalogue (`ERROR_CODES` in src/errors.ts), by status. *Answered by* counts the operations of ' +
      '[openapi.json](../../openapi.json) that declare the code; the section of each code lists them.',
    summary,
    '## The ingest listener',
    'The ingest origin (`/i/<inboxId>`, see [api.md](../api.md#ingest)) answers 200 whenever it stored the request, and ' +
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
