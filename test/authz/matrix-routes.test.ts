// The authorization matrix (matrix.test.ts) tries every route the API declares: a new endpoint
// cannot slip past it. Needs no server: the routes come from the app's declarations.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { pino } from 'pino';
import { buildApiApp } from '../../src/http/api/app.js';
import { declaredEndpoints } from '../../src/http/api/core/endpoint.js';
import type { ServiceDeps } from '../../src/services/deps.js';
import { type EndpointName, ENDPOINTS } from './matrix/index.js';
import { entriesCalling, NOT_IN_MATRIX } from './matrix/routes.js';

describe('authorization matrix: its endpoints are the declared routes', () => {
  it('tries every declared route (or says where its access is tested), and no entry calls an undeclared one', async () => {
    const app = buildApiApp({
      deps: {} as ServiceDeps,
      ingestOrigin: () => '',
      logger: pino({ level: 'silent' }),
      trustProxy: false,
      metrics: () => '',
    });
    await app.ready();
    const declared = declaredEndpoints(app).map((endpoint) => `${endpoint.method} ${endpoint.url}`);
    await app.close();
    const untried = declared.filter(
      (route) => entriesCalling(route).length === 0 && NOT_IN_MATRIX[route] === undefined,
    );
    assert.deepEqual(
      untried,
      [],
      'declared routes no entry calls (add an entry in matrix/, or say where they are tested in NOT_IN_MATRIX)',
    );
    const both = declared.filter((route) => entriesCalling(route).length > 0 && NOT_IN_MATRIX[route] !== undefined);
    assert.deepEqual(both, [], 'routes of NOT_IN_MATRIX that entries call');
    const stale = Object.keys(NOT_IN_MATRIX).filter((route) => !declared.includes(route));
    assert.deepEqual(stale, [], 'routes of NOT_IN_MATRIX that are not declared');
    // The test files NOT_IN_MATRIX points to must exist, or a reader is sent nowhere.
    const named = Object.values(NOT_IN_MATRIX).flatMap((where) => where.match(/test\/[\w./-]+\.ts/g) ?? []);
    const missing = [...new Set(named)].filter((file) => !existsSync(new URL(`../../${file}`, import.meta.url)));
    assert.deepEqual(missing, [], 'test files NOT_IN_MATRIX names that do not exist');
    const called = new Set(declared.flatMap(entriesCalling));
    const uncalled = Object.keys(ENDPOINTS).filter((name) => !called.has(name as EndpointName));
    assert.deepEqual(uncalled, [], 'entries of matrix/ that call no declared route');
  });
});
