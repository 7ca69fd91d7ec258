import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backoffDelay, RECONNECT_BACKOFF } from '../../src/cli/listen/backoff.js';

// Reconnecting to the Rehook server: a listener must be back within about a second of the server
// being ready, so no wait between two attempts may exceed half a second, whatever the jitter.

test('reconnect waits grow from 50-100 ms and never exceed 400 ms, however long the server is away', () => {
  const longest = (attempt: number): number => backoffDelay(RECONNECT_BACKOFF, attempt, () => 1);
  const shortest = (attempt: number): number => backoffDelay(RECONNECT_BACKOFF, attempt, () => 0);
  assert.deepEqual([0, 1, 2, 3, 50, 1000].map(longest), [100, 200, 400, 400, 400, 400]);
  assert.deepEqual([0, 1, 2, 3, 50, 1000].map(shortest), [50, 100, 200, 200, 200, 200]);
});
