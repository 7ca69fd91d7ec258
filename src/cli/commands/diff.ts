import type { HeaderPair } from '../../domain/captured-event.js';
import type { BodyDiff, EventDiff, PairsDiff } from '../../domain/event-diff.js';
import { parseLosslessJson, stringifyLossless } from '../../domain/lossless-json.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { cleanLine } from '../format.js';
import type { CliIO } from '../io.js';

export interface DiffOptions extends ClientOptions {
  readonly from: string;
  readonly to: string;
}

/**
 * `rehook diff <a> <b>`: what differs from event a to event b. The server's JSON text is read
 * with the lossless reader, so a number past 2^53 prints with every digit, in both forms.
 */
export async function run(options: DiffOptions, io: CliIO): Promise<void> {
  const text = await clientFor(options).diffText(options.from, options.to);
  const diff = (parseLosslessJson(text) as { data: { diff: EventDiff } }).data.diff;
  if (options.json) return io.stdout(stringifyLossless({ diff }, 2));
  io.stdout(describeDiff(diff));
}

/** A JSON value on one line, numbers exact; captured text, so cleaned for the terminal. */
function value(v: unknown): string {
  return cleanLine(stringifyLossless(v));
}

function pairLines(label: string, diff: PairsDiff, join: string): string[] {
  const show = ([name, v]: HeaderPair) => `${cleanLine(name)}${join}${cleanLine(v)}`;
  const lines = [
    ...diff.added.map((pair) => `+ ${show(pair)}`),
    ...diff.removed.map((pair) => `- ${show(pair)}`),
    ...diff.changed.map(
      (c) => `~ ${cleanLine(c.name)}: ${c.from.map(cleanLine).join(', ')} -> ${c.to.map(cleanLine).join(', ')}`,
    ),
  ];
  return lines.map((line, i) => `${(i === 0 ? label : '').padEnd(9)}${line}`);
}

function bodyLines(body: BodyDiff): string[] {
  if (body.kind === 'binary') {
    const why = body.reason === 'too-large' ? 'too large to compare finely' : 'not text';
    return [
      `body     ${body.bytesEqual ? 'bytes equal' : 'bytes differ'} (${body.sizes.from} -> ${body.sizes.to} bytes; ${why})`,
    ];
  }
  if (body.kind === 'json') {
    if (body.operations.length === 0) return body.bytesEqual ? [] : ['body     same JSON, spelt differently'];
    return [
      `body     JSON, ${body.operations.length} change${body.operations.length === 1 ? '' : 's'}:`,
      ...body.operations.map((op) => {
        const path = cleanLine(op.path === '' ? '(the whole body)' : op.path);
        if (op.op === 'add') return `  + ${path}: ${value(op.value)}`;
        if (op.op === 'remove') return `  - ${path}: ${value(op.from)}`;
        return `  ~ ${path}: ${value(op.from)} -> ${value(op.value)}`;
      }),
    ];
  }
  if (body.bytesEqual) return [];
  const mark = { same: ' ', added: '+', removed: '-' } as const;
  return [
    'body     text:',
    ...body.changes.flatMap((change) =>
      change.text
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => `  ${mark[change.type]} ${cleanLine(line)}`),
    ),
  ];
}

/** The human form: one section per part that differs, or "No differences." */
export function describeDiff(diff: EventDiff): string {
  const lines = [
    ...(diff.method ? [`method   ${cleanLine(diff.method.from)} -> ${cleanLine(diff.method.to)}`] : []),
    ...(diff.path ? [`path     ${cleanLine(diff.path.from)} -> ${cleanLine(diff.path.to)}`] : []),
    ...pairLines('query', diff.query, '='),
    ...pairLines('headers', diff.headers, ': '),
    ...bodyLines(diff.body),
  ];
  return [`${diff.from} -> ${diff.to}`, ...(lines.length === 0 ? ['No differences.'] : lines)].join('\n');
}
