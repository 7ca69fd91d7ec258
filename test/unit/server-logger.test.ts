import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LogFormat } from '../../src/config/parse.js';
import { createServerLogger, type LogOutput, writesPrettyLogs } from '../../src/server-logger.js';

/** A stand-in for standard output that keeps what is written. */
function captureOutput(isTTY: boolean): LogOutput & { readonly lines: () => string[] } {
  const chunks: string[] = [];
  return {
    isTTY,
    write: (chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    },
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== ''),
  };
}

function logWith(format: LogFormat, isTTY: boolean): string[] {
  const output = captureOutput(isTTY);
  const logger = createServerLogger({ logLevel: 'info', logFormat: format }, output);
  logger.info({ inboxId: 'inb_1', settings: { secret: 'whsec_do-not-print' } }, 'signature set');
  return output.lines();
}

describe('server logger', () => {
  it('writes JSON lines to a pipe and readable lines to a terminal when the format is auto', () => {
    assert.equal(writesPrettyLogs('auto', { isTTY: false, write: () => true }), false);
    assert.equal(writesPrettyLogs('auto', { isTTY: true, write: () => true }), true);
    assert.equal(writesPrettyLogs('json', { isTTY: true, write: () => true }), false);
    assert.equal(writesPrettyLogs('pretty', { isTTY: false, write: () => true }), true);
  });

  it('writes one JSON object a line with the json format', () => {
    const [line, ...rest] = logWith('json', true);
    assert.deepEqual(rest, []);
    const record = JSON.parse(line ?? '') as Record<string, unknown>;
    assert.equal(record['msg'], 'signature set');
    assert.equal(record['service'], 'rehook');
    assert.equal(record['level'], 30);
  });

  it('writes one readable line a record with the pretty format, without colours on a pipe', () => {
    const [line, ...rest] = logWith('pretty', false);
    assert.deepEqual(rest, []);
    assert.match(line ?? '', /^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: signature set \{.*"inboxId":"inb_1"/);
    assert.doesNotMatch(line ?? '', /\u001b\[/);
    assert.throws(() => JSON.parse(line ?? ''));
  });

  it('redacts secrets in both formats', () => {
    for (const format of ['json', 'pretty'] as const) {
      const text = logWith(format, false).join('\n');
      assert.doesNotMatch(text, /whsec_do-not-print/, format);
      assert.match(text, /\[REDACTED\]/, format);
    }
  });
});
