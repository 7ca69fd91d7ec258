// The authorization matrix's entries (one per endpoint) for the account's tokens and its audit log.
// What an entry holds, and the notation of its cells: entry.ts.
import { bearer, call } from '../support.js';
import type { MatrixEntry } from './entry.js';

export const ACCOUNT = {
  'GET /api/v1/tokens': {
    scope: 'manage',
    teamAction: null,
    destructive: false,
    send: (env, _t, authorization) => call(env.rehook.apiUrl, '/api/v1/tokens', { authorization }),
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object  anon   A      B      revA   bad    shareA  revS
      ['-',     '401', '200', '200', '401', '401', '403S', '404S'],
    ],
  },
  'POST /api/v1/tokens': {
    scope: 'manage',
    teamAction: null,
    destructive: false,
    send: (env, _t, authorization) =>
      call(env.rehook.apiUrl, '/api/v1/tokens', { method: 'POST', authorization, json: { name: 'matrix' } }),
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object  anon   A      B      revA   bad    shareA  revS
      ['-',     '401', '201', '201', '401', '401', '403S', '404S'],
    ],
  },
  'GET /api/v1/account/audit': {
    scope: 'manage',
    teamAction: null,
    destructive: false,
    send: (env, _t, authorization) => call(env.rehook.apiUrl, '/api/v1/account/audit', { authorization }),
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object  anon   A      B      revA   bad    shareA  revS
      ['-',     '401', '200', '200', '401', '401', '403S', '404S'],
    ],
  },
  'DELETE /api/v1/tokens/:id': {
    scope: 'manage',
    teamAction: null,
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/tokens/${t.tokenId}`, { method: 'DELETE', authorization }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'tokA') return null;
      const use = await call(env.rehook.apiUrl, '/api/v1/tokens', { authorization: bearer(t.token) });
      if (reply.status === 204) return use.status === 401 ? null : `revoked, yet the token still answers ${use.status}`;
      return use.status === 200 ? null : `refused with ${reply.status}, yet the token now answers ${use.status}`;
    },
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object    anon   A       B       revA   bad    shareA  revS
      ['tokA',    '401', '204',  '404T', '401', '401', '403S', '404S'],
      ['missing', '401', '404T', '404T', '401', '401', '403S', '404S'],
    ],
  },
} satisfies Record<string, MatrixEntry>;
