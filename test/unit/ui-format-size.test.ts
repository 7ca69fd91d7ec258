import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatBytes } from '../../src/cli/format.js';
import { formatSize } from '../../ui/src/lib/format.js';

// One body, one size: the web app writes sizes in the CLI's binary units.
describe('sizes in the web app', () => {
  it('reads as the CLI writes them', () => {
    for (const bytes of [0, 512, 3000, 2.5 * 1024, 9.96 * 1024]) {
      assert.equal(formatSize(bytes), formatBytes(bytes), `${bytes} bytes`);
    }
    assert.equal(formatSize(3000), '2.9 KiB');
    assert.equal(formatSize(10 * 1024 * 1024), '10 MiB');
  });
});
