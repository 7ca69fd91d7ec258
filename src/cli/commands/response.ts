import { readFile } from 'node:fs/promises';
import type { InboxResponse, InboxResponseInput, ResponseAnswer } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { UsageError } from '../exit.js';
import { cleanBlock, cleanLine, formatBytes, json } from '../format.js';
import type { CliIO } from '../io.js';

/** What `rehook response set` builds the response from: flags, or one JSON file. */
export interface ResponseSetFlags {
  /** `--file`: the whole response as JSON (what PUT takes, what `show --json` prints); `-` = stdin. */
  readonly file?: string;
  readonly status?: number;
  /** `--header`, in order: [name, value]. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** `--body text`. */
  readonly body?: string;
  /** `--body @file`: the file's exact bytes. */
  readonly bodyFile?: string;
  readonly delayMs?: number;
  /** `--rule-file`: a JSON array of rules (or an object with `rules`). */
  readonly ruleFile?: string;
}

export type ResponseOptions = ClientOptions & { readonly inboxId: string } & (
    | { readonly action: 'show' }
    | { readonly action: 'clear' }
    | { readonly action: 'set'; readonly flags: ResponseSetFlags }
  );

const SET = ['response', 'set'];

async function readInput(path: string, flag: string, io: CliIO): Promise<Buffer> {
  try {
    if (path !== '-') return await readFile(path);
    const text = await io.stdin();
    if (text === null) throw new UsageError(`${flag} -: standard input is a terminal; pipe the JSON in`, SET);
    return Buffer.from(text, 'utf8');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const reason = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UsageError(`${flag} ${path}: cannot read the file (${reason})`, SET);
  }
}

async function readJsonFile(path: string, flag: string, io: CliIO): Promise<unknown> {
  const bytes = await readInput(path, flag, io);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (err) {
    throw new UsageError(`${flag} ${path}: not JSON (${(err as Error).message})`, SET);
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The PUT body from the flags; the server validates it (and names the field that is wrong). */
export async function responseInput(flags: ResponseSetFlags, io: CliIO): Promise<InboxResponseInput> {
  if (flags.file !== undefined) return (await readJsonFile(flags.file, '--file', io)) as InboxResponseInput;
  const input: Record<string, unknown> = {};
  if (flags.status !== undefined) input['status'] = flags.status;
  if (flags.headers.length > 0) input['headers'] = flags.headers.map(([name, value]) => [name, value]);
  if (flags.bodyFile !== undefined) {
    const bytes = await readInput(flags.bodyFile, '--body @', io);
    try {
      input['body'] = UTF8.decode(bytes);
    } catch {
      input['bodyBase64'] = bytes.toString('base64');
    }
  } else if (flags.body !== undefined) {
    input['body'] = flags.body;
  }
  if (flags.delayMs !== undefined) input['delayMs'] = flags.delayMs;
  if (flags.ruleFile !== undefined) {
    const rules = await readJsonFile(flags.ruleFile, '--rule-file', io);
    const list = Array.isArray(rules) ? rules : (rules as { rules?: unknown } | null)?.rules;
    if (!Array.isArray(list))
      throw new UsageError('--rule-file: expected a JSON array of rules, or an object with "rules"', SET);
    input['rules'] = list;
  }
  return input as InboxResponseInput;
}

function describeBody(answer: ResponseAnswer): string {
  if (answer.bodyBase64 !== undefined) {
    const size = Buffer.from(answer.bodyBase64, 'base64').length;
    return size === 0 ? 'no body' : `binary body, ${formatBytes(size)} (see --json for bodyBase64)`;
  }
  const text = answer.body ?? '';
  if (text === '') return 'no body';
  return `body (${formatBytes(Buffer.byteLength(text))}):\n${indent(cleanBlock(text), '      ')}`;
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}

function describeAnswer(answer: ResponseAnswer, prefix: string): string {
  const delay = answer.delayMs > 0 ? ` after ${answer.delayMs} ms` : '';
  const lines = [`${prefix}${answer.status}${delay}`];
  for (const [name, value] of answer.headers) lines.push(`${prefix}  ${cleanLine(name)}: ${cleanLine(value)}`);
  lines.push(`${prefix}  ${describeBody(answer)}`);
  return lines.join('\n');
}

function describeMatch(match: InboxResponse['rules'][number]['match']): string {
  const parts: string[] = [];
  if (match.method !== undefined) parts.push(`method ${cleanLine(match.method)}`);
  if (match.pathPrefix !== undefined) parts.push(`path ${cleanLine(match.pathPrefix)}`);
  if (match.header !== undefined) {
    const header = cleanLine(match.header.name);
    parts.push(
      match.header.value === undefined ? `header ${header}` : `header ${header}: ${cleanLine(match.header.value)}`,
    );
  }
  return parts.length === 0 ? 'every request' : parts.join(', ');
}

/** The human form of an inbox's response. */
export function describeResponse(response: InboxResponse | null): string {
  if (response === null) return 'Answers the default: 200 {"ok":true} (no programmed response).';
  const lines = ['Default answer:', describeAnswer(response, '  ')];
  if (response.rules.length > 0) {
    lines.push('Rules (the first that matches answers):');
    response.rules.forEach((rule, index) => {
      lines.push(`  ${index}. when ${describeMatch(rule.match)}:`, describeAnswer(rule.response, '     '));
    });
  }
  lines.push(`Updated ${response.updatedAt}`);
  return lines.join('\n');
}

/** `rehook response show|set|clear <inboxId>`. */
export async function run(options: ResponseOptions, io: CliIO): Promise<void> {
  const client = clientFor(options);
  if (options.action === 'clear') {
    await client.clearInboxResponse(options.inboxId);
    io.stdout(options.json ? json({ response: null }) : 'Cleared: the inbox answers 200 {"ok":true} again.');
    return;
  }
  const response =
    options.action === 'show'
      ? await client.inboxResponse(options.inboxId)
      : await client.setInboxResponse(options.inboxId, await responseInput(options.flags, io));
  io.stdout(options.json ? json({ response }) : describeResponse(response));
}
