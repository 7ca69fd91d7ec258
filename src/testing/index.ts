/**
 * `rehook/testing`: a real Rehook, started in-process for other projects' tests.
 *
 *   import { startRehook } from 'rehook/testing';
 *
 *   const rehook = await startRehook();
 *   const inbox = await rehook.client.createInbox();
 *   // ... point the code under test at inbox.url, then:
 *   const event = await rehook.client.waitForEvent(inbox.id, { match: { json: { type: 'order.paid' } } });
 *   await rehook.stop();
 *
 * Both listeners bind 127.0.0.1 on free ports, data lives in a temporary SQLite file removed by
 * stop(), and an account with an API token is created so every feature (replay included) works.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { RehookClient } from '../client/rehook-client.js';
import { loadConfig } from '../config/load.js';
import { startRehook as startServer, type RunningRehook } from '../server.js';
import { createAccount } from '../services/accounts.js';
import { createToken } from '../services/tokens.js';

export interface StartRehookOptions {
  /**
   * Settings as environment variables (`REHOOK_ANON_TTL`, `REHOOK_MAX_BODY`, `DATABASE_URL`, ...;
   * see docs/generated/settings.md). They win over the defaults below.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** E-mail of the account that owns `token` (default `test@rehook.test`). */
  readonly email?: string;
}

export interface StartedRehook {
  /** Origin of the REST API, e.g. `http://127.0.0.1:39123`. */
  readonly apiUrl: string;
  /** Origin of the ingest listener; an inbox's `url` is this plus `/i/<id>`. */
  readonly ingestUrl: string;
  /** An API token (rhk_...) of the account created at start. */
  readonly token: string;
  /** A client for the API, authenticated with `token`. */
  readonly client: RehookClient;
  /** Directory of the temporary SQLite database (removed by stop()). */
  readonly dataDir: string;
  /** Stops both listeners, closes the database and removes the data directory. */
  stop(): Promise<void>;
}

/**
 * Defaults made for tests, each overridable through `env`: replays may reach loopback and
 * private addresses (the service under test usually runs on localhost), the per-IP abuse
 * limits are off (a suite creates many inboxes from 127.0.0.1), and nothing is logged.
 */
const TEST_DEFAULTS: Readonly<Record<string, string>> = {
  REHOOK_HOST: '127.0.0.1',
  REHOOK_PORT: '0',
  REHOOK_INGEST_PORT: '0',
  REHOOK_LOG_LEVEL: 'silent',
  REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
  REHOOK_RATE_ANON_INBOXES: '0',
  REHOOK_RATE_AUTH_FAILURES: '0',
  REHOOK_RATE_INGEST_PER_INBOX: '0',
  REHOOK_RATE_DIFF: '0',
};

/** Starts a real Rehook in this process; see the module comment. Throws ConfigError for bad `env`. */
export async function startRehook(options: StartRehookOptions = {}): Promise<StartedRehook> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rehook-'));
  let running: RunningRehook | undefined;
  try {
    const config = loadConfig({ ...TEST_DEFAULTS, REHOOK_DATA_DIR: dataDir, ...options.env });
    running = await startServer(config, { logger: pino({ level: config.logLevel }) });
    const account = await createAccount(running.deps, { email: options.email ?? 'test@rehook.test' });
    const { plaintext: token } = await createToken(running.deps, { accountId: account.id, name: 'rehook/testing' });
    const server = running;
    let stopped = false;
    return {
      apiUrl: server.apiUrl,
      ingestUrl: server.publicIngestUrl,
      token,
      client: new RehookClient({ baseUrl: server.apiUrl, token }),
      dataDir,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        try {
          await server.close();
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (err) {
    await running?.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

export { RehookClient } from '../client/rehook-client.js';
