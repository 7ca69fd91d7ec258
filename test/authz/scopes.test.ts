// Every API route of the OpenAPI document × every token scope: a route declares the scope it
// needs (x-rehook-scope, from routeSchema), and a narrower token is refused 403
// INSUFFICIENT_SCOPE before anything is looked at; a token whose scope covers the route is never
// refused for its scope. A token limited to some inboxes is refused every account-wide route; a
// token limited to a team is refused every route that is about neither an inbox nor a team.
// The matrix (matrix.test.ts) holds the expected scope of its endpoints as data of its own; this
// sweep covers the routes the matrix does not name (account settings, replay jobs, ...).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { AUTHZ_ENV, bearer, call, newAccount, type Reply } from './support.js';

const SCOPES = ['read', 'replay', 'manage'] as const;
type Scope = (typeof SCOPES)[number];

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly scope: Scope | 'none' | undefined;
  readonly inbox: string | undefined;
  readonly team: string | undefined;
}

/** Placeholder values for path parameters: well-formed ids nobody was given. */
const PLACEHOLDERS: Record<string, string> = {
  inboxId: 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  eventId: 'evt_01aaaaaaaaaaaaaaaaaaaaaaaa',
  jobId: 'rjb_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  tokenId: 'tok_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  shareId: 'shr_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  sessionId: 'ses_aaaaaaaaaaaaaaaaaaaaaaaaaa',
  token: 'rhl_unknown',
};

describe('token scopes: every API route × every scope', () => {
  let rehook: TestRehook;
  let operations: Operation[];
  const tokens = new Map<Scope, string>();
  let limited: string;
  let teamLimited: string;

  before(async () => {
    rehook = await startTestRehook({ env: AUTHZ_ENV });
    const A = await newAccount(rehook, 'scopes');
    for (const scope of SCOPES) {
      const res = await call(rehook.apiUrl, '/api/v1/tokens', {
        method: 'POST',
        authorization: bearer(A.token),
        json: { name: scope, scopes: [scope] },
      });
      assert.equal(res.status, 201, res.text);
      tokens.set(scope, res.body.data.token.token);
    }
    const inbox = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', authorization: bearer(A.token) });
    const res = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      authorization: bearer(A.token),
      json: { name: 'limited', inboxIds: [inbox.body.data.inbox.id] },
    });
    assert.equal(res.status, 201, res.text);
    limited = res.body.data.token.token;
    const team = await call(rehook.apiUrl, '/api/v1/teams', {
      method: 'POST',
      authorization: bearer(A.token),
      json: { name: 'Scopes' },
    });
    const teamToken = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      authorization: bearer(A.token),
      json: { name: 'team', teamId: team.body.data.team.id },
    });
    assert.equal(teamToken.status, 201, teamToken.text);
    teamLimited = teamToken.body.data.token.token;
    const doc = (await call(rehook.apiUrl, '/api/v1/openapi.json')).body as {
      paths: Record<
        string,
        Record<string, { 'x-rehook-scope'?: Scope | 'none'; 'x-rehook-inbox'?: string; 'x-rehook-team'?: string }>
      >;
    };
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, op]) => ({
            method: method.toUpperCase(),
            path: path.replace(/\{(\w+)\}/g, (_m, name: string) => PLACEHOLDERS[name] ?? `unknown-${name}`),
            scope: op['x-rehook-scope'],
            inbox: op['x-rehook-inbox'],
            team: op['x-rehook-team'],
          })),
      );
  });
  after(() => rehook?.stop());

  const send = (op: Operation, token: string): Promise<Reply> =>
    call(rehook.apiUrl, op.path.includes('/stream') ? `${op.path}?timeout=0` : op.path, {
      method: op.method,
      authorization: bearer(token),
      ...(op.method === 'GET' ? {} : { json: {} }),
    });

  it('declares a scope on every API route', () => {
    assert.ok(operations.length > 40, `only ${operations.length} operations`);
    const missing = operations.filter((op) => op.scope === undefined).map((op) => `${op.method} ${op.path}`);
    assert.deepEqual(missing, []);
  });

  it('refuses exactly the routes a scope does not cover, with 403 INSUFFICIENT_SCOPE naming the scope needed', async () => {
    const mismatches: string[] = [];
    for (const op of operations) {
      if (op.scope === 'none' || op.scope === undefined || op.path.endsWith('/stream')) continue;
      for (const scope of SCOPES) {
        const reply = await send(op, tokens.get(scope) as string);
        const covered = SCOPES.indexOf(scope) >= SCOPES.indexOf(op.scope);
        const refused = reply.status === 403 && reply.code === 'INSUFFICIENT_SCOPE';
        if (covered === refused) {
          mismatches.push(`${op.method} ${op.path} with ${scope} (needs ${op.scope}): ${reply.status} ${reply.code}`);
        } else if (refused && !reply.body?.error?.message?.includes(`needs ${op.scope}`)) {
          mismatches.push(`${op.method} ${op.path}: the message does not name ${op.scope}: ${reply.text}`);
        }
      }
    }
    assert.deepEqual(mismatches, []);
  });

  it('refuses an inbox-limited token every account-wide route, and only those', async () => {
    const mismatches: string[] = [];
    for (const op of operations) {
      if (op.scope === 'none' || op.scope === undefined || op.path.endsWith('/stream')) continue;
      const reply = await send(op, limited);
      const refused = reply.status === 403 && reply.code === 'INSUFFICIENT_SCOPE';
      if (refused !== (op.inbox === undefined))
        mismatches.push(`${op.method} ${op.path}: ${reply.status} ${reply.code}`);
    }
    assert.deepEqual(mismatches, []);
  });

  it('refuses a team-limited token every route about neither an inbox nor a team, and only those', async () => {
    const mismatches: string[] = [];
    for (const op of operations) {
      if (op.scope === 'none' || op.scope === undefined || op.path.endsWith('/stream')) continue;
      const reply = await send(op, teamLimited);
      const refused = reply.status === 403 && reply.code === 'INSUFFICIENT_SCOPE';
      if (refused !== (op.inbox === undefined && op.team === undefined))
        mismatches.push(`${op.method} ${op.path}: ${reply.status} ${reply.code}`);
    }
    assert.deepEqual(mismatches, []);
  });
});
