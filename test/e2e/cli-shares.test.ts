import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { killAll, rehook, startServe, type ServeProcess, useBuiltCli } from './cli-harness.js';

// `rehook inbox share | shares | unshare`: the built bin against a spawned `rehook serve`.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

const SHARE_ID = /shr_[0-9a-z]{26}/;
const SHARE_TOKEN = /rhl_[0-9a-z]{38}/;

describe('rehook inbox share, shares, unshare (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  let token = '';
  let inboxId = '';
  let shareId = '';
  let shareToken = '';
  const client = () => ['--server', serve.apiUrl, '--token', token];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-shares-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir]);
    assert.equal(
      (await rehook(['accounts', 'create', '--email', 'owner@example.test', '--data-dir', dataDir])).code,
      0,
    );
    const created = await rehook([
      'tokens',
      'create',
      '--email',
      'owner@example.test',
      '--name',
      'cli',
      '--data-dir',
      dataDir,
    ]);
    assert.equal(created.code, 0, created.stderr);
    token = created.stdout.trim();
    const inbox = await rehook(['inbox', 'create', '--json', ...client()]);
    assert.equal(inbox.code, 0, inbox.stderr);
    inboxId = (JSON.parse(inbox.stdout) as { inbox: { id: string } }).inbox.id;
  });
  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('--help of each command names its arguments and options', async () => {
    for (const [command, expected] of [
      ['share', ['<inboxId>', '--server', '--token', '--json']],
      ['shares', ['<inboxId>', '--server', '--token', '--json']],
      ['unshare', ['<inboxId>', '<shareId>', '--server', '--token', '--json']],
    ] as const) {
      const result = await rehook(['inbox', command, '--help']);
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, new RegExp(`^Usage: rehook inbox ${command}\\b`));
      for (const word of expected)
        assert.ok(result.stdout.includes(word), `inbox ${command} --help should mention ${word}`);
    }
    const group = await rehook(['inbox', '--help']);
    assert.match(group.stdout, /share <inboxId>[\s\S]*shares <inboxId>[\s\S]*unshare <inboxId> <shareId>/);
  });

  test('inbox share prints the link page and its token once; the link reads the inbox', async () => {
    const result = await rehook(['inbox', 'share', inboxId, ...client()]);
    assert.equal(result.code, 0, result.stderr);
    shareId = SHARE_ID.exec(result.stdout)?.[0] ?? '';
    shareToken = SHARE_TOKEN.exec(result.stdout)?.[0] ?? '';
    assert.notEqual(shareId, '', result.stdout);
    assert.notEqual(shareToken, '', result.stdout);
    assert.match(result.stdout, new RegExp(`url\\s+${serve.apiUrl}/s/${shareToken}`));
    assert.match(result.stderr, /not shown again/);
    assert.ok(result.stderr.includes(`rehook inbox unshare ${inboxId} ${shareId}`), result.stderr);

    const read = await fetch(`${serve.apiUrl}/api/v1/inboxes/${inboxId}`, {
      headers: { 'x-rehook-share': shareToken },
    });
    assert.equal(read.status, 200);
    const json = await rehook(['inbox', 'share', inboxId, '--json', ...client()]);
    assert.equal(json.code, 0, json.stderr);
    const share = (JSON.parse(json.stdout) as { share: { id: string; token: string; path: string; url: string } })
      .share;
    assert.match(share.token, SHARE_TOKEN);
    assert.equal(share.url, `${serve.apiUrl}${share.path}`);
  });

  test('inbox shares lists the links with their prefixes, never their tokens', async () => {
    const result = await rehook(['inbox', 'shares', inboxId, ...client()]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^ID\s+PREFIX\s+CREATED/);
    assert.ok(result.stdout.includes(shareId), result.stdout);
    assert.ok(result.stdout.includes(shareToken.slice(0, 8)), 'shows the prefix');
    assert.ok(!SHARE_TOKEN.test(result.stdout), 'never a token');
    const json = await rehook(['inbox', 'shares', inboxId, '--json', ...client()]);
    const shares = (JSON.parse(json.stdout) as { shares: { id: string }[] }).shares;
    assert.equal(shares.length, 2);
    assert.ok(shares.some((s) => s.id === shareId));
  });

  test('inbox unshare revokes the link at once; again, or an anonymous inbox, exits 1 with the API error', async () => {
    const result = await rehook(['inbox', 'unshare', inboxId, shareId, ...client()]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim(), `Revoked sharing link ${shareId} of inbox ${inboxId}.`);
    const read = await fetch(`${serve.apiUrl}/api/v1/inboxes/${inboxId}`, {
      headers: { 'x-rehook-share': shareToken },
    });
    assert.equal(read.status, 404);
    assert.equal(((await read.json()) as { error: { code: string } }).error.code, 'SHARE_NOT_FOUND');

    const again = await rehook(['inbox', 'unshare', inboxId, shareId, ...client()]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /^rehook: SHARE_NOT_FOUND: /);

    const anonymous = await rehook(['inbox', 'create', '--json', '--server', serve.apiUrl]);
    const anonId = (JSON.parse(anonymous.stdout) as { inbox: { id: string } }).inbox.id;
    const refused = await rehook(['inbox', 'share', anonId, ...client()]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^rehook: INBOX_NOT_SAVED: /);
    const noToken = await rehook(['inbox', 'shares', inboxId, '--server', serve.apiUrl]);
    assert.equal(noToken.code, 1);
    assert.match(noToken.stderr, /^rehook: UNAUTHORIZED: /);
  });

  test('--json of unshare, and an empty list', async () => {
    const [remaining] = (
      JSON.parse((await rehook(['inbox', 'shares', inboxId, '--json', ...client()])).stdout) as {
        shares: { id: string }[];
      }
    ).shares;
    assert.ok(remaining);
    const result = await rehook(['inbox', 'unshare', inboxId, remaining.id, '--json', ...client()]);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(JSON.parse(result.stdout), { revoked: { inboxId, shareId: remaining.id } });
    const empty = await rehook(['inbox', 'shares', inboxId, ...client()]);
    assert.equal(empty.stdout.trim(), 'No sharing links.');
  });
});
