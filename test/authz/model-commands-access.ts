// Commands of the authorization model test (model.test.ts) on access itself and on time: revoking
// tokens, sharing links, the fake clock (up to and past expiry) and the sweeper.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sweepOnce } from '../../src/services/expiry.js';
import { ANON_TTL_MS, bearer, call, UNKNOWN_INBOX_ID } from './support.js';
import {
  type AccountName,
  assertAnswer,
  authorization,
  err,
  label,
  live,
  manageShares,
  type MInbox,
  type Model,
  NO_SHARE,
  ok,
  pickInbox,
  recent,
  UNAUTHORIZED,
  UNKNOWN_SHARE_ID,
  usable,
} from './model-rules.js';
import { accountArb, command, refArb, whoArb } from './model-commands.js';

export const revokeToken = fc.tuple(accountArb, fc.constantFrom('self', 'other', 'anon')).map(([account, by]) =>
  command(
    `revokeToken(${account}'s, by ${by})`,
    () => true,
    async (m, r) => {
      const target = m.accounts[account];
      const other = m.accounts[account === 'A' ? 'B' : 'A'];
      if (by !== 'self') {
        const reply = await call(r.rehook.apiUrl, `/api/v1/tokens/${target.tokenId}`, {
          method: 'DELETE',
          authorization: by === 'other' ? bearer(other.token) : undefined,
        });
        assertAnswer(
          reply,
          by === 'other' ? err(404, 'TOKEN_NOT_FOUND') : UNAUTHORIZED,
          `revoke ${account}'s token as ${by}`,
        );
        return;
      }
      // A fresh token first (through the API, with the current one), then the current one is
      // revoked with itself; it must stop working at once.
      const created = await call(r.rehook.apiUrl, '/api/v1/tokens', {
        method: 'POST',
        authorization: bearer(target.token),
        json: { name: `model-${m.seq}` },
      });
      assertAnswer(created, ok(201), `token-create as ${account}`);
      const old = target.token;
      const revoked = await call(r.rehook.apiUrl, `/api/v1/tokens/${target.tokenId}`, {
        method: 'DELETE',
        authorization: bearer(old),
      });
      assertAnswer(revoked, ok(204), `revoke ${account}'s token as self`);
      const after = await call(r.rehook.apiUrl, '/api/v1/tokens', { authorization: bearer(old) });
      assertAnswer(after, UNAUTHORIZED, `use-token (just revoked) as revoked${account}`);
      target.revoked.push(old);
      target.token = created.body.data.token.token;
      target.tokenId = created.body.data.token.id;
    },
  ),
);

export const createShare = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `createShare(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/shares`, {
        method: 'POST',
        authorization: authorization(m, who),
      });
      const expected = manageShares(m, who, inbox, 201);
      assertAnswer(reply, expected, `share ${label(inbox)} as ${who}`);
      if (expected.status === 201 && inbox) {
        const created = reply.body.data.share;
        m.shares.push({ id: created.id, token: created.token, inbox, revoked: false });
      }
    },
  ),
);

export const listShares = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `listShares(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/shares`, {
        authorization: authorization(m, who),
      });
      const expected = manageShares(m, who, inbox, 200);
      assertAnswer(reply, expected, `list links of ${label(inbox)} as ${who}`);
      if (expected.status === 200 && inbox) {
        const got = (reply.body.data.shares as Array<{ id: string }>).map((s) => s.id).sort();
        const want = m.shares
          .filter((s) => s.inbox === inbox && !s.revoked)
          .map((s) => s.id)
          .sort();
        assert.deepEqual(got, want, `links of ${label(inbox)}`);
      }
    },
  ),
);

/** A link made by the owner of a recent saved inbox: the success path, so links are common. */
export const createOwnShare = fc.nat(50).map((ref) => {
  const owned = (m: Readonly<Model>): MInbox[] =>
    m.inboxes.filter((i) => typeof i.owner === 'string' && live(m as Model, i));
  return command(
    `createOwnShare(${ref})`,
    (m) => owned(m).length > 0,
    async (m, r) => {
      const inbox = recent(owned(m), ref) as MInbox;
      const who = inbox.owner as AccountName;
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, {
        method: 'POST',
        authorization: authorization(m, who),
      });
      assertAnswer(reply, ok(201), `share ${label(inbox)} as ${who}`);
      const created = reply.body.data.share;
      m.shares.push({ id: created.id, token: created.token, inbox, revoked: false });
    },
  );
});

/** Revokes a recent link (or, with none, an unknown link of a recent inbox). */
export const revokeShare = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `revokeShare(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const share = recent(m.shares, ref);
      const inbox = share?.inbox ?? pickInbox(m, ref);
      const reply = await call(
        r.rehook.apiUrl,
        `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/shares/${share?.id ?? UNKNOWN_SHARE_ID}`,
        {
          method: 'DELETE',
          authorization: authorization(m, who),
        },
      );
      let expected = manageShares(m, who, inbox, 204);
      if (expected.status === 204 && (!share || share.revoked)) expected = NO_SHARE;
      assertAnswer(
        reply,
        expected,
        `revoke a link of ${label(inbox)}${share?.revoked ? ' (already revoked)' : ''} as ${who}`,
      );
      if (expected.status === 204 && share) {
        share.revoked = true;
        // It stops working at once, for the page that resolves it too.
        const resolved = await call(r.rehook.apiUrl, `/api/v1/shares/${share.token}`);
        assertAnswer(resolved, NO_SHARE, `resolve-link (just revoked) as anon`);
      }
    },
  ),
);

export const MINUTE = 60_000;
export const advanceClock = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 20 * MINUTE }) },
    { weight: 2, arbitrary: fc.integer({ min: 20 * MINUTE, max: 2 * ANON_TTL_MS }) },
    // An owned inbox never expires: it is still there a year later.
    { weight: 1, arbitrary: fc.constant(365 * 24 * ANON_TTL_MS) },
  )
  .map((ms) =>
    command(
      `advanceClock(${Math.round(ms / 1000)}s)`,
      () => true,
      async (m, r) => {
        r.clock.advance(ms);
        m.now += ms;
      },
    ),
  );

/** Moves the clock to just before, exactly at, or just after the expiry of an anonymous inbox. */
export const advanceToExpiry = fc.tuple(fc.nat(50), fc.constantFrom(-1, 0, 1)).map(([ref, delta]) => {
  const targetOf = (m: Readonly<Model>): number | null => {
    const inbox = pickInbox(m, ref);
    return inbox?.expiresAt != null && inbox.expiresAt + delta > m.now ? inbox.expiresAt + delta : null;
  };
  return command(
    `advanceToExpiry(${ref}, ${delta >= 0 ? '+' : ''}${delta}ms)`,
    (m) => targetOf(m) !== null,
    async (m, r) => {
      const to = targetOf(m) as number;
      r.clock.advance(to - m.now);
      m.now = to;
    },
  );
});

/** The sweeper must never change what the API shows. */
export const sweep = fc.constant(
  command(
    'sweep()',
    () => true,
    async (m, r) => {
      await sweepOnce(r.rehook.deps);
      for (const inbox of m.inboxes) if (!live(m, inbox)) inbox.purged = true;
    },
  ),
);
