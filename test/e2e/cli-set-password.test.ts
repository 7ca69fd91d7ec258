import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { killAll, rehook, startServe, useBuiltCli, type ServeProcess } from './cli-harness.js';

const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

/** Signs in over HTTP; returns the status and the session cookie (name=value) when one was set. */
async function signIn(
  apiUrl: string,
  email: string,
  password: string,
): Promise<{ status: number; cookie: string | null }> {
  const response = await fetch(`${apiUrl}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  const setCookie = response.headers.getSetCookie()[0];
  return { status: response.status, cookie: setCookie === undefined ? null : (setCookie.split(';')[0] ?? null) };
}

async function sessionStatus(apiUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${apiUrl}/api/v1/auth/session`, { headers: { cookie } });
  await response.arrayBuffer();
  return response.status;
}

describe('rehook accounts set-password (built bin, against a running server)', () => {
  let dataDir: string;
  let serve: ServeProcess;
  const email = 'operator-reset@example.test';
  const admin = () => ['--data-dir', dataDir];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-password-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir]);
    const created = await rehook(['accounts', 'create', '--email', email, ...admin()], { input: 'the old password\n' });
    assert.equal(created.code, 0, created.stderr);
  });

  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('sets the password from stdin and signs every browser out, while the server runs', async () => {
    const first = await signIn(serve.apiUrl, email, 'the old password');
    const second = await signIn(serve.apiUrl, email, 'the old password');
    assert.equal(first.status, 200);
    assert.ok(first.cookie !== null && second.cookie !== null);
    assert.equal(await sessionStatus(serve.apiUrl, first.cookie), 200);

    const result = await rehook(['accounts', 'set-password', '--email', 'Operator-Reset@example.test', ...admin()], {
      input: 'the new password\n',
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /acc_[0-9a-z]{26}/);
    assert.match(result.stdout, /signed out\s+2 sessions/);

    // Both browsers are out at once; the old password no longer works, the new one does.
    assert.equal(await sessionStatus(serve.apiUrl, first.cookie), 401);
    assert.equal(await sessionStatus(serve.apiUrl, second.cookie), 401);
    assert.equal((await signIn(serve.apiUrl, email, 'the old password')).status, 401);
    const fresh = await signIn(serve.apiUrl, email, 'the new password');
    assert.equal(fresh.status, 200);
    assert.ok(fresh.cookie !== null);
    assert.equal(await sessionStatus(serve.apiUrl, fresh.cookie), 200);
  });

  test('--json prints the account and how many sessions ended', async () => {
    const result = await rehook(['accounts', 'set-password', '--email', email, '--json', ...admin()], {
      input: 'yet another password',
    });
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { account: { id: string; email: string }; sessionsEnded: number };
    assert.equal(report.account.email, email);
    assert.equal(report.sessionsEnded, 1);
    assert.equal((await signIn(serve.apiUrl, email, 'yet another password')).status, 200);
  });

  test('refuses a missing password (exit 2), a short one and an unknown e-mail (exit 1)', async () => {
    const none = await rehook(['accounts', 'set-password', '--email', email, ...admin()], { input: '' });
    assert.equal(none.code, 2, none.stderr);
    assert.match(none.stderr, /pipe the new password on stdin/);
    assert.match(none.stderr, /rehook accounts set-password --help/);

    const short = await rehook(['accounts', 'set-password', '--email', email, ...admin()], { input: 'short\n' });
    assert.equal(short.code, 1, short.stderr);
    assert.match(short.stderr, /^rehook: VALIDATION_FAILED: Password must be 8 to 1024 characters/);

    const unknown = await rehook(['accounts', 'set-password', '--email', 'nobody@example.test', ...admin()], {
      input: 'a fine password\n',
    });
    assert.equal(unknown.code, 1, unknown.stderr);
    assert.match(unknown.stderr, /^rehook: VALIDATION_FAILED: No account with this e-mail address/);
    // The password in use is still the last one set.
    assert.equal((await signIn(serve.apiUrl, email, 'yet another password')).status, 200);
  });
});
