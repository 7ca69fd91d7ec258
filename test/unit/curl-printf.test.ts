import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { printfLines } from '../../src/domain/curl-command.js';

// printf lines read ASCII runs whole (not an object per byte); lines are still cut every
// 4,096 body bytes, with % and \ doubled and other bytes escaped, as before.
describe('printf lines of a body', () => {
  it('cuts a long ASCII run every 4,096 bytes and escapes % and \\', () => {
    const body = Buffer.from(`${'a'.repeat(4095)}%${'b'.repeat(4096)}\\c\n-d\u00e9`);
    assert.deepEqual(printfLines(body), [
      `printf '${'a'.repeat(4095)}%%'`,
      `printf '${'b'.repeat(4096)}'`,
      "printf '\\\\c\\n'",
      "printf '\\055d\u00e9'",
    ]);
  });

  it('a 10 MiB body of one line makes 2,560 lines', () => {
    const lines = printfLines(Buffer.alloc(10 * 1024 * 1024, 'x'));
    assert.equal(lines.length, 2_560);
    assert.equal(lines[0], `printf '${'x'.repeat(4096)}'`);
  });
});
