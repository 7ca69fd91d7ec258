/**
 * Secrets at rest: no plaintext API token, password
 * or captured credential reaches the disk or the logs.
 *
 * Runs the built CLI as an operator would: `rehook accounts create` with a piped password,
 * `rehook tokens create`, then `rehook serve` (log level trace, stdout and stderr captured). It
 * uses the token, creates a second token through the API and uses it, fails authentication
 * with a well-formed unknown token, revokes a token, and ingests a request carrying
 * `Authorization: Bearer <token-looking secret>` and `Cookie: session=<secret>`. Then it reads
 * the raw bytes of rehook.db, rehook.db-wal and rehook.db-shm (while the server runs, and again
 * after a SIGKILL, when the WAL is left as it was) and the whole server log, and searches them
 * for every secret, as written and base64-encoded: 0 hits. Positive controls prove the search
 * reads the right bytes: a non-secret header value of the same request, the stored SHA-256 of
 * the token and the token's public prefix are found.
 */
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateToken } from '../../src/services/secrets.js';
import { ensureCliBuilt, ROOT, snapshotCli } from './crash-server.js';

const DB_FILES = ['rehook.db', 'rehook.db-wal', 'rehook.db-shm'];

function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('REHOOK_')) env[key] = value;
  }
  return { ...env, ...extra };
}

function runCli(
  cli: string,
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [cli, ...args],
      { cwd: ROOT, env: cleanEnv(env), timeout: 60_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`rehook ${args.join(' ')} failed: ${err.message}\n${stderr}`));
        else resolve({ stdout, stderr });
      },
    );
    child.stdin?.end(input ?? '');
  });
}

/** Every encoding a secret could plausibly be written in. */
function forms(secret: string): Buffer[] {
  return [
    Buffer.from(secret, 'utf8'),
    Buffer.from(Buffer.from(secret, 'utf8').toString('base64').replace(/=+$/, ''), 'latin1'),
  ];
}

function countHits(haystack: Buffer, needle: Buffer): number {
  let hits = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) hits += 1;
  return hits;
}

// Limits here only catch a hang: CLI and server starts slow down a lot on a loaded machine.
describe('secrets at rest: no plaintext token, password or credential in the database, WAL or logs', {
  timeout: 300_000,
}, () => {
  let dataDir: string;
  let server: ChildProcess | null = null;
  let cli = '';
  let cleanupCli: () => Promise<void> = async () => undefined;
  const log: string[] = [];

  before(async () => {
    ensureCliBuilt();
    ({ cli, cleanup: cleanupCli } = await snapshotCli());
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-secrets-'));
  });
  after(async () => {
    if (server !== null && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await cleanupCli();
  });

  it('finds 0 secrets in rehook.db, -wal, -shm and the server log, and finds the controls', async () => {
    const env = { REHOOK_DATA_DIR: dataDir };
    const email = 'secrets@example.test';
    const password = `pw-${randomBytes(12).toString('hex')}-Secret!`;
    await runCli(cli, ['accounts', 'create', '--email', email], env, `${password}\n`);
    const created = await runCli(cli, ['tokens', 'create', '--email', email, '--name', 'cli token'], env);
    const cliToken = created.stdout.trim();
    assert.match(cliToken, /^rhk_[0-9a-z]{38}$/);

    server = spawn(process.execPath, [cli, 'serve'], {
      cwd: ROOT,
      env: cleanEnv({
        ...env,
        REHOOK_HOST: '127.0.0.1',
        REHOOK_PORT: '0',
        REHOOK_INGEST_PORT: '0',
        REHOOK_LOG_LEVEL: 'trace',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    createInterface({ input: server.stderr! }).on('line', (line) => log.push(line));
    const urls = await new Promise<{ api: string; ingest: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line: ${log.join('\n')}`)), 60_000);
      createInterface({ input: server!.stdout! }).on('line', (line) => {
        log.push(line);
        const match = /Rehook API on (\S+), ingest on (\S+)"/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve({ api: match[1] as string, ingest: match[2] as string });
        }
      });
    });

    const call = async (
      path: string,
      init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {},
    ) => {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token !== undefined) headers['authorization'] = `Bearer ${init.token}`;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(urls.api + path, {
        method: init.method ?? 'GET',
        headers,
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    };

    // Use the CLI token; create an API token (its plaintext is shown once) and use it too.
    assert.equal((await call('/api/v1/tokens', { token: cliToken })).status, 200);
    const made = await call('/api/v1/tokens', { method: 'POST', token: cliToken, json: { name: 'api token' } });
    assert.equal(made.status, 201);
    const apiToken = made.body.data.token.token as string;
    const apiTokenId = made.body.data.token.id as string;
    const inbox = await call('/api/v1/inboxes', { method: 'POST', token: apiToken });
    assert.equal(inbox.status, 201);
    const inboxId = inbox.body.data.inbox.id as string;
    // A failed authentication with a well-formed, unknown token; a revoked token used again.
    const unknownToken = generateToken();
    assert.equal((await call('/api/v1/tokens', { token: unknownToken })).status, 401);
    const doomed = await call('/api/v1/tokens', { method: 'POST', token: cliToken, json: { name: 'doomed' } });
    const doomedToken = doomed.body.data.token.token as string;
    assert.equal(
      (await call(`/api/v1/tokens/${doomed.body.data.token.id}`, { method: 'DELETE', token: cliToken })).status,
      204,
    );
    assert.equal((await call('/api/v1/tokens', { token: doomedToken })).status, 401);

    // Browser sessions: sign in with the password over HTTP, use the session, sign one out.
    const signIn = async (): Promise<string> => {
      const res = await fetch(`${urls.api}/api/v1/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      assert.equal(res.status, 200);
      const value = /^rehook_session=([^;]+)/.exec(res.headers.getSetCookie()[0] ?? '')?.[1];
      assert.ok(value, 'sign-in sets the session cookie');
      return value;
    };
    const sessionSecret = await signIn();
    assert.equal(
      (await call('/api/v1/inboxes', { headers: { cookie: `rehook_session=${sessionSecret}` } })).status,
      200,
    );
    const endedSecret = await signIn();
    const endedCsrf = (await call('/api/v1/auth/session', { headers: { cookie: `rehook_session=${endedSecret}` } }))
      .body.data.csrfToken as string;
    const signedOut = await call('/api/v1/auth/signout', {
      method: 'POST',
      headers: { cookie: `rehook_session=${endedSecret}`, 'x-csrf-token': endedCsrf },
    });
    assert.equal(signedOut.status, 204);
    assert.equal((await call('/api/v1/inboxes', { headers: { cookie: `rehook_session=${endedSecret}` } })).status, 401);

    // Sharing links: one used by header and by ?share= (the stream's form), one revoked and tried.
    const link = await call(`/api/v1/inboxes/${inboxId}/shares`, { method: 'POST', token: apiToken });
    assert.equal(link.status, 201);
    const linkToken = link.body.data.share.token as string;
    assert.equal(
      (await call(`/api/v1/inboxes/${inboxId}/events`, { headers: { 'x-rehook-share': linkToken } })).status,
      200,
    );
    assert.equal((await call(`/api/v1/inboxes/${inboxId}?share=${linkToken}`)).status, 200);
    const revokedLink = await call(`/api/v1/inboxes/${inboxId}/shares`, { method: 'POST', token: apiToken });
    const revokedLinkToken = revokedLink.body.data.share.token as string;
    assert.equal(
      (
        await call(`/api/v1/inboxes/${inboxId}/shares/${revokedLink.body.data.share.id}`, {
          method: 'DELETE',
          token: apiToken,
        })
      ).status,
      204,
    );
    assert.equal(
      (await call(`/api/v1/inboxes/${inboxId}`, { headers: { 'x-rehook-share': revokedLinkToken } })).status,
      404,
    );

    // A captured request carrying credentials, next to a non-secret control value.
    const bearer = generateToken();
    const cookieSecret = `sess-${randomBytes(16).toString('hex')}`;
    const control = `control-${randomBytes(12).toString('hex')}`;
    const ingest = await fetch(`${urls.ingest}/i/${inboxId}/hook`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${bearer}`,
        cookie: `session=${cookieSecret}; theme=dark`,
        'x-control': control,
        'content-type': 'application/json',
      },
      body: '{"event":"test"}',
    });
    assert.equal(ingest.status, 200);
    const events = await call(`/api/v1/inboxes/${inboxId}/events`, { token: apiToken });
    assert.equal(events.body.length, 1);
    assert.equal(apiTokenId.startsWith('tok_'), true);

    const secrets: Record<string, string> = {
      'CLI token': cliToken,
      'API token': apiToken,
      'revoked token': doomedToken,
      'unknown token used in a failed authentication': unknownToken,
      password,
      'captured Authorization bearer': bearer,
      'captured Cookie value': cookieSecret,
      'session cookie': sessionSecret,
      'signed-out session cookie': endedSecret,
      'sharing link': linkToken,
      'revoked sharing link': revokedLinkToken,
    };

    const inspect = (when: string) => {
      const files = DB_FILES.filter((name) => existsSync(join(dataDir, name)));
      assert.ok(files.includes('rehook.db') && files.includes('rehook.db-wal'), `${when}: database and WAL present`);
      const contents = files.map((name) => ({ name, bytes: readFileSync(join(dataDir, name)) }));
      contents.push({ name: 'server log', bytes: Buffer.from(log.join('\n'), 'utf8') });
      const all = Buffer.concat(contents.map((c) => c.bytes));
      // Positive controls: the search does read the stored bytes.
      assert.ok(countHits(all, Buffer.from(control)) > 0, `${when}: the control header value is found`);
      assert.ok(
        countHits(all, Buffer.from(createHash('sha256').update(apiToken).digest('hex'))) > 0,
        `${when}: the token hash is found`,
      );
      assert.ok(countHits(all, Buffer.from(apiToken.slice(0, 8))) > 0, `${when}: the token's public prefix is found`);
      assert.ok(
        countHits(all, Buffer.from(createHash('sha256').update(linkToken).digest('hex'))) > 0,
        `${when}: the sharing link's hash is found`,
      );
      assert.ok(countHits(all, Buffer.from('[REDACTED]')) >= 2, `${when}: the redaction placeholders are found`);
      assert.ok(countHits(all, Buffer.from('scrypt$')) > 0, `${when}: the password hash is found`);
      assert.ok(log.length > 0, 'the server logged something');
      const hits: string[] = [];
      for (const { name, bytes } of contents) {
        for (const [what, secret] of Object.entries(secrets)) {
          for (const form of forms(secret)) if (countHits(bytes, form) > 0) hits.push(`${what} in ${name}`);
        }
      }
      assert.deepEqual(hits, [], `${when}: plaintext secrets found`);
      return contents.map((c) => `${c.name} ${c.bytes.length} B`).join(', ');
    };

    const running = inspect('while running');
    // SIGKILL leaves the WAL as it is (no checkpoint at close): inspect it again.
    server.kill('SIGKILL');
    await new Promise<void>((resolve) => server!.once('exit', () => resolve()));
    await sleep(50);
    const killed = inspect('after SIGKILL');
    // Sizes for the diagnostic output of the test run.
    process.stderr.write(`# secrets-at-rest searched: ${running}; after kill: ${killed}\n`);
  });
});
