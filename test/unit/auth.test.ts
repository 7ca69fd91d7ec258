import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors.js';
import type { ApiToken } from '../../src/domain/account.js';
import type { Store } from '../../src/ports/store.js';
import { authenticate } from '../../src/services/auth.js';
import { generateToken, hashToken, isWellFormedToken } from '../../src/services/secrets.js';
import { createFakeClock } from '../helpers/fake-clock.js';

/** Just enough of a store to count lookups: a unit test of header parsing, not of storage. */
function tokenStore(tokens: ApiToken[]): { store: Store; lookups: () => number } {
  let lookups = 0;
  const store = {
    tokens: {
      findByHash: async (hash: string) => {
        lookups += 1;
        return tokens.find((token) => token.hash === hash) ?? null;
      },
      touch: async () => undefined,
    },
  } as unknown as Store;
  return { store, lookups: () => lookups };
}

function tokenRecord(plaintext: string, revoked = false): ApiToken {
  return {
    id: 'tok_x',
    accountId: 'acc_x',
    name: 't',
    hash: hashToken(plaintext),
    prefix: plaintext.slice(0, 8),
    createdAt: new Date(0),
    lastUsedAt: null,
    revokedAt: revoked ? new Date(0) : null,
    scope: 'manage',
    inboxIds: null,
    teamId: null,
    expiresAt: null,
  };
}

async function rejects401(promise: Promise<unknown>): Promise<void> {
  await assert.rejects(promise, (err: unknown) => err instanceof AppError && err.status === 401);
}

describe('authenticate', () => {
  const valid = generateToken();
  const clock = createFakeClock();

  it('treats a request without Authorization as anonymous', async () => {
    const { store } = tokenStore([]);
    assert.deepEqual(await authenticate({ store, clock }, []), { kind: 'anonymous' });
  });

  it('accepts a valid token with the scheme in any case', async () => {
    const { store } = tokenStore([tokenRecord(valid)]);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const principal = await authenticate({ store, clock }, [`${scheme} ${valid}`]);
      assert.equal(principal.kind, 'token');
    }
  });

  it('answers 401 for every malformed header, never another error', async () => {
    const { store } = tokenStore([tokenRecord(valid)]);
    const bad = [
      'Bearer',
      'Bearer ',
      `Bearer  ${valid}`,
      `Basic ${valid}`,
      `Token ${valid}`,
      `Bearer ${valid} `,
      `Bearer ${valid}\u0000`,
      `Bearer ${'a'.repeat(10_000)}`,
      `Bearer ${valid}é`,
      '',
    ];
    for (const header of bad) await rejects401(authenticate({ store, clock }, [header]));
  });

  it('refuses two Authorization headers even when both are valid', async () => {
    const { store } = tokenStore([tokenRecord(valid)]);
    await rejects401(authenticate({ store, clock }, [`Bearer ${valid}`, `Bearer ${valid}`]));
  });

  it('rejects a token with a wrong checksum without a database lookup', async () => {
    const { store, lookups } = tokenStore([]);
    const last = valid.at(-1) === 'a' ? 'b' : 'a';
    const tampered = valid.slice(0, -1) + last;
    assert.ok(!isWellFormedToken(tampered));
    await rejects401(authenticate({ store, clock }, [`Bearer ${tampered}`]));
    assert.equal(lookups(), 0);
  });

  it('rejects revoked and unknown tokens', async () => {
    const { store } = tokenStore([tokenRecord(valid, true)]);
    await rejects401(authenticate({ store, clock }, [`Bearer ${valid}`]));
    await rejects401(authenticate({ store, clock }, [`Bearer ${generateToken()}`]));
  });
});
