import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/load.js';
import type { Clock } from '../../src/ports/clock.js';
import { startRehook, type RunningRehook } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { createToken } from '../../src/services/tokens.js';
import { sendOnceMoreAfterKeepAliveRace } from './keep-alive-race.js';
import { createContractCheck } from './openapi-contract.js';
import { connectTestPostgres } from './postgres.js';

/** The store the HTTP suites run on: REHOOK_TEST_STORE=postgres, else SQLite. */
export const TEST_STORE: 'sqlite' | 'postgres' =
  process.env['REHOOK_TEST_STORE'] === 'postgres' ? 'postgres' : 'sqlite';

/**
 * With REHOOK_TEST_STORE=postgres: a fresh schema on the test database (test/helpers/postgres.ts)
 * and its DATABASE_URL, dropped by the returned cleanup. Fails when PostgreSQL is unreachable:
 * a run that asked for it must not pass on SQLite.
 */
async function testDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (TEST_STORE !== 'postgres') return { env: {}, drop: async () => undefined };
  const pg = await connectTestPostgres();
  if (!pg.available) throw new Error(`REHOOK_TEST_STORE=postgres but ${pg.reason}`);
  try {
    const schema = await pg.createSchema();
    return { env: { DATABASE_URL: schema.url }, drop: () => pg.close() };
  } catch (err) {
    await pg.close();
    throw err;
  }
}

export interface TestRehook extends RunningRehook {
  readonly dataDir: string;
  /** Creates an account and an API token for it through the services (as the CLI does). */
  createUser(email?: string): Promise<{ accountId: string; token: string }>;
  /** API responses that openapi.json does not describe (stop() fails when there are any). */
  readonly contractViolations: readonly string[];
  /** Closes the server and removes its data directory; then fails if a response broke openapi.json. */
  stop(): Promise<void>;
}

let userCounter = 0;

/**
 * Starts a real Rehook (both listeners on ephemeral loopback ports, a real SQLite file in a temp
 * directory) in this process. `env` takes REHOOK_* settings as a user would give them.
 */
export async function startTestRehook(opts: { env?: Record<string, string>; clock?: Clock } = {}): Promise<TestRehook> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rehook-test-'));
  const database = await testDatabase();
  const config = loadConfig({
    REHOOK_PORT: '0',
    REHOOK_INGEST_PORT: '0',
    REHOOK_DATA_DIR: dataDir,
    REHOOK_LOG_LEVEL: 'silent',
    ...database.env,
    ...opts.env,
  });
  let running: RunningRehook;
  // Every answer of this server is held to the OpenAPI document (test/helpers/openapi-contract.ts).
  const contract = createContractCheck();
  try {
    running = await startRehook(config, {
      ...(opts.clock ? { clock: opts.clock } : {}),
      logger: pino({ level: config.logLevel }),
      inspectApiResponse: contract.inspect,
    });
  } catch (err) {
    await database.drop();
    throw err;
  }
  return {
    ...running,
    dataDir,
    createUser: async (email) => {
      userCounter += 1;
      const account = await createAccount(running.deps, {
        email: email ?? `user${userCounter}-${Date.now()}@example.test`,
      });
      const { plaintext } = await createToken(running.deps, { accountId: account.id, name: 'test' });
      return { accountId: account.id, token: plaintext };
    },
    contractViolations: contract.violations,
    stop: async () => {
      try {
        await running.close();
      } finally {
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
      if (contract.violations.length > 0) {
        throw new Error(`responses that openapi.json does not describe:\n${contract.violations.join('\n')}`);
      }
    },
  };
}

export interface JsonResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
  readonly text: string;
}

/** fetch + JSON decode, for API calls in tests. */
export async function api(
  base: string,
  path: string,
  init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers['authorization'] = `Bearer ${init.token}`;
  let body: string | undefined = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const method = init.method ?? 'GET';
  // Sent once more only after the keep-alive race (a stalled machine); any other reset fails.
  const response = await sendOnceMoreAfterKeepAliveRace(method, path, () =>
    fetch(base + path, { method, headers, ...(body !== undefined ? { body } : {}) }),
  );
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}
