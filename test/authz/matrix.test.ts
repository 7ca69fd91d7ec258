// Endpoint × principal × object matrix of the REST API (docs/accounts.md, the access rules).
//
// The expected answers are written out as data, one entry per endpoint in the files of
// matrix/ (index.ts joins them; what an entry holds: matrix/entry.ts), with how the endpoint is
// called, taken from README.md ("API reference" and "Access rules"): a cell is one principal
// calling one endpoint that names one object, asserted for each variant of the principal's
// credentials. Requests that change state (delete, save,
// revoke) get a fresh object each, and what the object looks like afterwards is checked too
// (a refused delete left it readable, an accepted save made it private, ...). Replays go to a
// loopback receiver, which must see exactly the accepted ones. On failure the whole matrix is
// printed with the mismatches marked, then each mismatch with the response body.
//
//   node --import tsx --test test/authz/matrix.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateToken } from '../../src/services/secrets.js';
import { generateShareToken } from '../../src/services/shares.js';
import { createFakeClock, type FakeClock } from '../helpers/fake-clock.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import {
  ANON_TTL_MS,
  AUTHZ_ENV,
  bearer,
  call,
  credentialHeaders,
  credentialPath,
  extraToken,
  ingest,
  newAccount,
  newSession,
  newShareLink,
  shareCredential,
  UNKNOWN_EVENT_ID,
  UNKNOWN_INBOX_ID,
  UNKNOWN_TOKEN_ID,
  type Credential,
  type Reply,
} from './support.js';
import { expectedCell, notation } from './matrix/cells.js';
import { type Column, COLUMNS, FORGED_CSRF_VARIANTS, type ObjectKind } from './matrix/columns.js';
import type { MatrixEntry } from './matrix/entry.js';
import { ENDPOINTS, FEATURES, ROWS } from './matrix/index.js';
import { type Env, type Target, UNKNOWN_SHARE_ID, UNKNOWN_SHARE_TOKEN } from './matrix/targets.js';

describe('authorization matrix: every endpoint × principal × object', () => {
  let rehook: TestRehook;
  let clock: FakeClock;
  let receiver: Receiver;
  let env: Env;
  let revokedA: string;
  /**
   * The Authorization values of each column; every one must get the cell's answer. The scheme
   * name is case-insensitive (RFC 9110), so `bearer` and `BEARER` are the same principal.
   */
  let variants: Record<Column, Array<[label: string, value: Credential]>>;
  /** Anonymous inboxes (with one event each) created before the clock passed their expiry. */
  const expiredPool: Target[] = [];
  const shared = new Map<ObjectKind, Target>();

  async function newInboxWithEvent(token: string | undefined): Promise<Target> {
    const res = await call(rehook.apiUrl, '/api/v1/inboxes', {
      method: 'POST',
      authorization: token === undefined ? undefined : bearer(token),
    });
    assert.equal(res.status, 201, `setup: create inbox: ${res.text}`);
    const inboxId: string = res.body.data.inbox.id;
    assert.equal(await ingest(rehook, inboxId, '/matrix', 'matrix body'), 200);
    // The event id, read from the store (the oracle does not go through the access rules).
    const [event] = await rehook.deps.store.events.listByInbox(inboxId, { limit: 1 });
    assert.ok(event, `setup: the event of ${inboxId} was not stored`);
    const link =
      token === undefined
        ? { id: UNKNOWN_SHARE_ID, token: UNKNOWN_SHARE_TOKEN }
        : await newShareLink(rehook, inboxId, token);
    return {
      inboxId,
      eventId: event.id,
      tokenId: UNKNOWN_TOKEN_ID,
      token: '',
      shareId: link.id,
      shareToken: link.token,
    };
  }

  /** The object a cell names: shared for read-only endpoints, fresh for destructive ones. */
  async function targetFor(object: ObjectKind, fresh: boolean): Promise<Target> {
    if (!fresh && shared.has(object)) return shared.get(object) as Target;
    let target: Target;
    switch (object) {
      case '-':
      case 'missing':
        target = {
          inboxId: UNKNOWN_INBOX_ID,
          eventId: UNKNOWN_EVENT_ID,
          tokenId: UNKNOWN_TOKEN_ID,
          token: '',
          shareId: UNKNOWN_SHARE_ID,
          shareToken: UNKNOWN_SHARE_TOKEN,
        };
        break;
      case 'anon':
        target = await newInboxWithEvent(undefined);
        break;
      case 'ownedA':
        target = await newInboxWithEvent(env.A.token);
        break;
      case 'expired': {
        const next = fresh ? expiredPool.pop() : expiredPool[0];
        assert.ok(next, 'setup: the pool of expired inboxes is empty; make it larger');
        target = next;
        break;
      }
      case 'tokA': {
        const { token, tokenId } = await extraToken(rehook, env.A.accountId, 'matrix-target');
        target = {
          inboxId: UNKNOWN_INBOX_ID,
          eventId: UNKNOWN_EVENT_ID,
          tokenId,
          token,
          shareId: UNKNOWN_SHARE_ID,
          shareToken: UNKNOWN_SHARE_TOKEN,
        };
        break;
      }
    }
    if (!fresh) shared.set(object, target);
    return target;
  }

  before(async () => {
    clock = createFakeClock();
    receiver = await startReceiver();
    rehook = await startTestRehook({ env: AUTHZ_ENV, clock });
    const A = await newAccount(rehook, 'matrix-a');
    const B = await newAccount(rehook, 'matrix-b');
    env = { rehook, receiver, A, B };

    // A token of A, revoked through the API with A's other token.
    const doomed = await extraToken(rehook, A.accountId, 'to-revoke');
    const revoke = await call(rehook.apiUrl, `/api/v1/tokens/${doomed.tokenId}`, {
      method: 'DELETE',
      authorization: bearer(A.token),
    });
    assert.equal(revoke.status, 204, `setup: revoke: ${revoke.text}`);
    revokedA = doomed.token;

    // Narrower tokens of A, made through the API with A's manage token.
    const scoped = async (scope: string): Promise<string> => {
      const res = await call(rehook.apiUrl, '/api/v1/tokens', {
        method: 'POST',
        authorization: bearer(A.token),
        json: { name: `scope-${scope}`, scopes: [scope] },
      });
      assert.equal(res.status, 201, `setup: ${scope} token: ${res.text}`);
      return res.body.data.token.token as string;
    };
    const readA = await scoped('read');
    const replayA = await scoped('replay');

    // Sessions of A: one live, one signed out through the API, one that expires when the clock
    // passes the anonymous TTL below.
    const liveSession = await newSession(rehook, A.accountId);
    const endedSession = await newSession(rehook, A.accountId);
    const signOut = await call(rehook.apiUrl, '/api/v1/auth/signout', {
      method: 'POST',
      authorization: endedSession.credential,
    });
    assert.equal(signOut.status, 204, `setup: sign out: ${signOut.text}`);
    const expiringSession = await newSession(rehook, A.accountId, { ttlMs: ANON_TTL_MS });

    // Links of A's shared inbox (the ownedA object of the read-only cells): one live, one
    // revoked through the API.
    const sharedOwned = await targetFor('ownedA', false);
    const liveLink = { token: sharedOwned.shareToken };
    const revokedLink = await newShareLink(rehook, sharedOwned.inboxId, A.token);
    const unshare = await call(rehook.apiUrl, `/api/v1/inboxes/${sharedOwned.inboxId}/shares/${revokedLink.id}`, {
      method: 'DELETE',
      authorization: bearer(A.token),
    });
    assert.equal(unshare.status, 204, `setup: revoke a link: ${unshare.text}`);

    const last = A.token.slice(-1);
    const badVariants: Array<[label: string, value: string]> = [
      ['bad checksum', bearer(A.token.slice(0, -1) + (last === 'a' ? 'b' : 'a'))],
      ['well-formed, never issued', bearer(generateToken())],
      ['not a token', 'Bearer not-a-token'],
      ['Basic scheme', 'Basic dXNlcjpwYXNzd29yZA=='],
      ['other scheme, valid token', `Token ${A.token}`],
      ['valid token + 1 char', bearer(`${A.token}x`)],
      ['double space', `Bearer  ${A.token}`],
      ['scheme only', 'Bearer'],
      ['two tokens in one header', `Bearer ${A.token}, Bearer ${B.token}`],
      ['oversized (10 KB)', bearer(`rhk_${'a'.repeat(10_000)}`)],
    ];
    variants = {
      anon: [['no header', undefined]],
      A: [
        ['Bearer', bearer(A.token)],
        ['bearer', `bearer ${A.token}`],
        ['BEARER', `BEARER ${A.token}`],
      ],
      B: [['Bearer', bearer(B.token)]],
      revA: [
        ['Bearer', bearer(revokedA)],
        ['bearer', `bearer ${revokedA}`],
      ],
      bad: badVariants,
      shareA: [
        ['X-Rehook-Share', shareCredential(liveLink.token, 'header')],
        ['?share=', shareCredential(liveLink.token, 'query')],
      ],
      revS: [
        ['revoked, X-Rehook-Share', shareCredential(revokedLink.token, 'header')],
        ['revoked, ?share=', shareCredential(revokedLink.token, 'query')],
        ['well-formed, never issued', shareCredential(generateShareToken(), 'header')],
        ['malformed', shareCredential('rhl_not-a-link', 'header')],
      ],
      sesA: [['cookie + X-CSRF-Token', liveSession.credential]],
      readA: [['Bearer, read scope', bearer(readA)]],
      replayA: [['Bearer, replay scope', bearer(replayA)]],
      endA: [
        ['signed out', endedSession.credential],
        ['expired', expiringSession.credential],
      ],
    };

    // Expired objects first (one per destructive cell plus the shared one), then the clock
    // passes their expiry; everything created afterwards is live.
    const destructiveExpiredCells = ROWS.filter(([name, [o]]) => o === 'expired' && ENDPOINTS[name].destructive).length;
    const perCell = Object.values(variants).reduce((n, list) => n + list.length, 0) + FORGED_CSRF_VARIANTS;
    const poolSize = 1 + destructiveExpiredCells * perCell;
    for (let i = 0; i < poolSize; i += 1) expiredPool.push(await newInboxWithEvent(undefined));
    clock.advance(ANON_TTL_MS + 1);
    // The shared expired object is the first one; destructive cells pop from the end.
    shared.set('expired', expiredPool[0] as Target);
  });

  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  it('answers every cell as the README access rules say', async () => {
    const mismatches: string[] = [];
    const printed: string[][] = [];
    let cells = 0;
    let requests = 0;

    for (const [endpointName, row] of ROWS) {
      const endpoint: MatrixEntry = ENDPOINTS[endpointName];
      const [object] = row;
      const line = [`${endpointName} [${object}]`];
      for (const [column, who] of COLUMNS) {
        const expected = expectedCell(endpoint, column, who, row);
        const attempts = variants[column];
        let shown = '';
        cells += 1;
        for (const [label, authorization] of attempts) {
          // A destructive request gets its own object, and the shared ones stay untouched.
          const target = await targetFor(object, endpoint.destructive && object !== 'missing' && object !== '-');
          let reply: Reply;
          try {
            reply = await endpoint.send(env, target, authorization);
          } catch (err) {
            reply = {
              status: 0,
              code: `THREW ${(err as Error).message}`,
              body: undefined,
              text: '',
              headers: new Headers(),
            };
          }
          requests += 1;
          const actual = notation(reply);
          const problem = endpoint.after ? await endpoint.after(env, target, object, who, reply) : null;
          if (actual !== expected || problem !== null) {
            const where = attempts.length > 1 ? `${column} (${label})` : column;
            mismatches.push(
              `${endpointName} [${object}] as ${where}: expected ${expected}, got ${actual}` +
                (problem ? `; afterwards: ${problem}` : '') +
                (actual !== expected ? ` ${reply.text.slice(0, 160)}` : ''),
            );
            shown ||= `*${actual}${problem ? '!' : ''}`;
          }
        }
        line.push(shown || expected);
      }
      printed.push(line);
    }

    if (mismatches.length > 0) {
      const header = ['endpoint [object]', ...COLUMNS.map(([column]) => column)];
      const widths = header.map((h, c) => Math.max(h.length, ...printed.map((row) => (row[c] ?? '').length)));
      const fmt = (row: string[]): string => row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ');
      const table = [fmt(header), ...printed.map(fmt)].join('\n');
      assert.fail(
        `${mismatches.length} of ${requests} requests (${cells} cells) disagree with the access rules.\n` +
          `Matrix (*x = got x; ! = wrong state afterwards):\n${table}\n\nMismatches:\n${mismatches.join('\n')}`,
      );
    }
    assert.equal(cells, ROWS.length * COLUMNS.length);
  });

  it('has each endpoint in one entry, and each object once in an entry', () => {
    const names = FEATURES.flatMap((feature) => Object.keys(feature));
    assert.deepEqual(
      names.filter((name, at) => names.indexOf(name) !== at),
      [],
      'endpoints in two files of matrix/ (one entry hides the other)',
    );
    const twice = Object.entries(ENDPOINTS).flatMap(([name, entry]: [string, MatrixEntry]) => {
      const objects = entry.expected.map(([object]) => object);
      return objects.filter((object, at) => objects.indexOf(object) !== at).map((object) => `${name} [${object}]`);
    });
    assert.deepEqual(twice, [], 'objects with two rows in one entry');
  });

  it('answers HEAD on every GET cell with the status of GET', async () => {
    const mismatches: string[] = [];
    let requests = 0;
    for (const [endpointName, row] of ROWS) {
      if (!endpointName.startsWith('GET ')) continue;
      const [object] = row;
      const target = await targetFor(object, false);
      const template = endpointName.slice('GET '.length);
      const path = (
        template.startsWith('/api/v1/events/')
          ? template.replaceAll(':id', target.eventId)
          : template.replaceAll(':id', target.inboxId)
      ).replace(':token', target.shareToken);
      for (const [column, who] of COLUMNS) {
        const expected = Number(expectedCell(ENDPOINTS[endpointName], column, who, row).slice(0, 3));
        const [, authorization] = variants[column][0] as [string, Credential];
        const res = await fetch(rehook.apiUrl + credentialPath(path, authorization), {
          method: 'HEAD',
          headers: credentialHeaders(authorization),
        });
        await res.arrayBuffer();
        requests += 1;
        if (res.status !== expected)
          mismatches.push(`HEAD ${template} [${object}] as ${column}: expected ${expected}, got ${res.status}`);
      }
    }
    assert.deepEqual(mismatches, [], `${mismatches.length} of ${requests} HEAD requests disagree`);
  });

  it('refuses every state-changing cell made with a session cookie without its X-CSRF-Token (403 CSRF_FAILED), changing nothing', async () => {
    const session = await newSession(rehook, env.A.accountId, { csrf: false });
    const other = await newSession(rehook, env.A.accountId);
    const cookie = session.cookie;
    const forged: Array<[label: string, credential: Credential]> = [
      ['no X-CSRF-Token', session.credential],
      [
        'a made-up X-CSRF-Token',
        { label: 'made up', headers: { cookie, 'x-csrf-token': 'a'.repeat(session.csrfToken.length) } },
      ],
      ["another session's X-CSRF-Token", { label: 'other', headers: { cookie, 'x-csrf-token': other.csrfToken } }],
      [
        'the right one, sent cross-site',
        { label: 'cross-site', headers: { cookie, 'x-csrf-token': session.csrfToken, 'sec-fetch-site': 'cross-site' } },
      ],
    ];
    assert.equal(forged.length, FORGED_CSRF_VARIANTS);
    const mismatches: string[] = [];
    let requests = 0;
    for (const [endpointName, [object]] of ROWS) {
      if (endpointName.startsWith('GET ')) continue;
      const endpoint: MatrixEntry = ENDPOINTS[endpointName];
      for (const [label, credential] of forged) {
        const target = await targetFor(object, endpoint.destructive && object !== 'missing' && object !== '-');
        const reply = await endpoint.send(env, target, credential);
        requests += 1;
        // Refused: the object must look as if nothing had been asked (for A, its rightful owner).
        const problem = endpoint.after ? await endpoint.after(env, target, object, 'A', reply) : null;
        if (notation(reply) !== '403(CSRF_FAILED)' || problem !== null) {
          mismatches.push(
            `${endpointName} [${object}] (${label}): got ${notation(reply)}${problem ? `; afterwards: ${problem}` : ''}`,
          );
        }
      }
    }
    assert.ok(requests > 0);
    assert.deepEqual(mismatches, [], `${mismatches.length} of ${requests} forged writes were not refused cleanly`);
  });

  it('ignores tokens outside the Authorization header (?token=, ?access_token=)', async () => {
    const ownedA = await targetFor('ownedA', false);
    for (const param of ['token', 'access_token']) {
      const q = `?${param}=${encodeURIComponent(env.A.token)}`;
      for (const path of [
        `/api/v1/inboxes/${ownedA.inboxId}${q}`,
        `/api/v1/events/${ownedA.eventId}${q}`,
        `/api/v1/inboxes${q}`,
        `/api/v1/tokens${q}`,
      ]) {
        const res = await call(rehook.apiUrl, path);
        assert.equal(res.status, 401, `${path.replace(env.A.token, '<A>')}: ${res.text}`);
        assert.equal(res.code, 'UNAUTHORIZED');
      }
    }
  });

  it('lists only the caller’s own inboxes and tokens', async () => {
    const ownedA = await targetFor('ownedA', false);
    const ownedB = await newInboxWithEvent(env.B.token);
    const anon = await targetFor('anon', false);
    const listA = await call(rehook.apiUrl, '/api/v1/inboxes', { authorization: bearer(env.A.token) });
    const listB = await call(rehook.apiUrl, '/api/v1/inboxes', { authorization: bearer(env.B.token) });
    const idsA = new Set<string>(listA.body.data.inboxes.map((inbox: { id: string }) => inbox.id));
    const idsB = new Set<string>(listB.body.data.inboxes.map((inbox: { id: string }) => inbox.id));
    assert.ok(idsA.has(ownedA.inboxId), 'A does not see its own inbox');
    assert.ok(!idsA.has(ownedB.inboxId), 'A sees an inbox of B');
    assert.ok(!idsB.has(ownedA.inboxId), 'B sees an inbox of A');
    assert.ok(idsB.has(ownedB.inboxId), 'B does not see its own inbox');
    assert.ok(!idsA.has(anon.inboxId) && !idsB.has(anon.inboxId), 'an anonymous inbox is listed as owned');

    const tokensA = await call(rehook.apiUrl, '/api/v1/tokens', { authorization: bearer(env.A.token) });
    const tokensB = await call(rehook.apiUrl, '/api/v1/tokens', { authorization: bearer(env.B.token) });
    const tokenIdsA = new Set<string>(tokensA.body.data.tokens.map((token: { id: string }) => token.id));
    const tokenIdsB = new Set<string>(tokensB.body.data.tokens.map((token: { id: string }) => token.id));
    for (const id of tokenIdsA) assert.ok(!tokenIdsB.has(id), `token ${id} is listed for both accounts`);
    assert.ok(!tokensA.text.includes(env.A.token) && !tokensB.text.includes(env.B.token), 'a listing shows a secret');
  });

  it('shows each account only its own replays of an anonymous event, and the owner all of its own', async () => {
    const anon = await newInboxWithEvent(undefined);
    const replay = (token: string, tag: string): Promise<Reply> =>
      call(rehook.apiUrl, `/api/v1/events/${anon.eventId}/replay`, {
        method: 'POST',
        authorization: bearer(token),
        json: { destination: `${receiver.url}/${tag}` },
      });
    assert.equal((await replay(env.A.token, 'from-a')).status, 200);
    assert.equal((await replay(env.B.token, 'from-b')).status, 200);
    assert.equal((await replay(env.B.token, 'from-b')).status, 200);
    const history = async (token: string): Promise<string[]> => {
      const res = await call(rehook.apiUrl, `/api/v1/events/${anon.eventId}/replays`, { authorization: bearer(token) });
      assert.equal(res.status, 200, res.text);
      return res.body.data.replays.map((r: { destination: string }) => new URL(r.destination).pathname);
    };
    assert.deepEqual(await history(env.A.token), ['/from-a']);
    assert.deepEqual(await history(env.B.token), ['/from-b', '/from-b']);

    const owned = await newInboxWithEvent(env.A.token);
    for (const tag of ['one', 'two']) {
      const res = await call(rehook.apiUrl, `/api/v1/events/${owned.eventId}/replay`, {
        method: 'POST',
        authorization: bearer(env.A.token),
        json: { destination: `${receiver.url}/${tag}` },
      });
      assert.equal(res.status, 200, res.text);
    }
    const res = await call(rehook.apiUrl, `/api/v1/events/${owned.eventId}/replays`, {
      authorization: bearer(env.A.token),
    });
    assert.deepEqual(
      res.body.data.replays.map((r: { destination: string }) => new URL(r.destination).pathname),
      ['/two', '/one'],
    );
  });
});
