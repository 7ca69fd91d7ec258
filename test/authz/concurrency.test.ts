// Isolation under concurrency, and token revocation across instances.
//
// The access rules must hold when two accounts act on the same anonymous inbox at the same
// moment: saving makes an inbox private, so of two concurrent saves exactly one may win, and a
// save that answered 200 must not be undone by a concurrent delete of someone else. Run on
// SQLite and, when the test database answers, on PostgreSQL (several instances share it, which
// is also where "revoked at once on every instance" is checked).
//
//   node --import tsx --test test/authz/concurrency.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { AUTHZ_ENV, bearer, call, extraToken, newAccount, type Reply } from './support.js';

const ROUNDS = 30;

const pg: TestPostgres = await connectTestPostgres();
after(async () => {
  if (pg.available) await pg.close();
});

type Store = 'sqlite' | 'postgres';

async function start(store: Store): Promise<TestRehook> {
  // An empty DATABASE_URL means SQLite, also under REHOOK_TEST_STORE=postgres.
  if (store === 'sqlite') return startTestRehook({ env: { ...AUTHZ_ENV, DATABASE_URL: '' } });
  if (!pg.available) throw new Error(pg.reason);
  const schema = await pg.createSchema();
  return startTestRehook({ env: { ...AUTHZ_ENV, DATABASE_URL: schema.url } });
}

for (const store of ['sqlite', 'postgres'] as const) {
  const skip =
    store === 'postgres' && !pg.available ? `PostgreSQL unavailable: ${pg.available ? '' : pg.reason}` : false;

  describe(`concurrent access to one anonymous inbox (${store})`, { skip }, () => {
    let rehook: TestRehook;
    let A: { accountId: string; token: string };
    let B: { accountId: string; token: string };

    before(async () => {
      rehook = await start(store);
      A = await newAccount(rehook, `race-a-${store}`);
      B = await newAccount(rehook, `race-b-${store}`);
    });
    after(() => rehook?.stop());

    const anonymousInbox = async (): Promise<string> => {
      const res = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST' });
      assert.equal(res.status, 201, res.text);
      return res.body.data.inbox.id as string;
    };
    const get = (id: string, token: string | undefined): Promise<Reply> =>
      call(rehook.apiUrl, `/api/v1/inboxes/${id}`, { authorization: token === undefined ? undefined : bearer(token) });

    it(`lets exactly one of two concurrent saves (A and B) win, ${ROUNDS} rounds`, async () => {
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const id = await anonymousInbox();
        const saveAs = (token: string): Promise<Reply> =>
          call(rehook.apiUrl, `/api/v1/inboxes/${id}/save`, { method: 'POST', authorization: bearer(token) });
        const [a, b] = await Promise.all([saveAs(A.token), saveAs(B.token)]);
        const outcome = `save as A ${a.status}, save as B ${b.status}`;
        const winners = [a, b].filter((r) => r.status === 200).length;
        if (winners !== 1 || (a.status !== 404 && b.status !== 404)) {
          // Both were told "the inbox is now owned by you"; only one of them can read it.
          const [asA, asB] = [await get(id, A.token), await get(id, B.token)];
          problems.push(`round ${round}: ${outcome}; then GET as A ${asA.status}, as B ${asB.status}`);
          continue;
        }
        const [winner, loser] = a.status === 200 ? [A, B] : [B, A];
        const [asWinner, asLoser] = [await get(id, winner.token), await get(id, loser.token)];
        if (asWinner.status !== 200 || asLoser.status !== 404) {
          problems.push(
            `round ${round}: ${outcome}; then GET as winner ${asWinner.status}, as loser ${asLoser.status}`,
          );
        }
      }
      if (problems.length > 0)
        assert.fail(`${problems.length} of ${ROUNDS} rounds broke isolation:\n${problems.join('\n')}`);
    });

    it(`never both saves (A) and deletes (B) the same inbox concurrently, ${ROUNDS} rounds`, async () => {
      const problems: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const id = await anonymousInbox();
        const [saved, deleted] = await Promise.all([
          call(rehook.apiUrl, `/api/v1/inboxes/${id}/save`, { method: 'POST', authorization: bearer(A.token) }),
          call(rehook.apiUrl, `/api/v1/inboxes/${id}`, { method: 'DELETE', authorization: bearer(B.token) }),
        ]);
        const asA = await get(id, A.token);
        // Either the save came first (B's delete then meets A's private inbox: 404), or the
        // delete did (the save then meets no inbox: 404). A 200 save must leave A its inbox.
        const fine =
          (saved.status === 200 && deleted.status === 404 && asA.status === 200) ||
          (saved.status === 404 && deleted.status === 204 && asA.status === 404);
        if (!fine) {
          problems.push(
            `round ${round}: save as A ${saved.status}, delete as B ${deleted.status}; then GET as A ${asA.status}`,
          );
        }
      }
      if (problems.length > 0)
        assert.fail(`${problems.length} of ${ROUNDS} rounds broke isolation:\n${problems.join('\n')}`);
    });
  });
}

describe('a revoked token stops working at once on every instance (PostgreSQL, two instances)', {
  skip: pg.available ? false : `PostgreSQL unavailable: ${pg.available ? '' : pg.reason}`,
}, () => {
  let one: TestRehook;
  let two: TestRehook;

  before(async () => {
    if (!pg.available) return;
    const schema = await pg.createSchema();
    one = await startTestRehook({ env: { ...AUTHZ_ENV, DATABASE_URL: schema.url } });
    two = await startTestRehook({ env: { ...AUTHZ_ENV, DATABASE_URL: schema.url } });
  });
  after(async () => {
    await one?.stop();
    await two?.stop();
  });

  it('answers 401 on the other instance right after a revocation, 20 times', async () => {
    const account = await newAccount(one, 'multi');
    for (let i = 0; i < 20; i += 1) {
      const { token, tokenId } = await extraToken(one, account.accountId, `multi-${i}`);
      // Used first on both instances, so any per-instance cache would hold it.
      for (const instance of [one, two]) {
        const res = await call(instance.apiUrl, '/api/v1/tokens', { authorization: bearer(token) });
        assert.equal(res.status, 200, `before revocation: ${res.text}`);
      }
      const revoke = await call(one.apiUrl, `/api/v1/tokens/${tokenId}`, {
        method: 'DELETE',
        authorization: bearer(account.token),
      });
      assert.equal(revoke.status, 204, revoke.text);
      for (const instance of [two, one]) {
        const res = await call(instance.apiUrl, '/api/v1/inboxes', { authorization: bearer(token) });
        assert.equal(
          res.status,
          401,
          `after revocation on ${instance === one ? 'the same' : 'the other'} instance: ${res.text}`,
        );
      }
    }
  });
});
