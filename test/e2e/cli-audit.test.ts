import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { killAll, rehook, startServe, type ServeProcess, useBuiltCli } from './cli-harness.js';

// `rehook audit [--team]`: the built bin against a spawned `rehook serve`: the account's own log,
// a team's, a filter, the next page, and a usage error for an unknown action.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

describe('rehook audit (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  let token = '';
  const client = () => ['--server', serve.apiUrl, '--token', token];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-audit-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir]);
    const email = 'auditor@example.test';
    assert.equal((await rehook(['accounts', 'create', '--email', email, '--data-dir', dataDir])).code, 0);
    const created = await rehook(['tokens', 'create', '--email', email, '--name', 'cli', '--data-dir', dataDir]);
    assert.equal(created.code, 0, created.stderr);
    token = created.stdout.trim();
  });
  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('shows the account log and a team log, filtered and paged', async () => {
    const created = await rehook(['teams', 'create', 'Payments', '--json', ...client()]);
    assert.equal(created.code, 0, created.stderr);
    const teamId = (JSON.parse(created.stdout) as { team: { id: string } }).team.id;
    assert.equal((await rehook(['teams', 'invite', teamId, '--role', 'viewer', ...client()])).code, 0);

    const mine = await rehook(['audit', ...client()]);
    assert.equal(mine.code, 0, mine.stderr);
    assert.match(mine.stdout, /member\.invited\s+success\s+auditor@example\.test \(tok_/);
    assert.match(mine.stdout, /team\.created\s+success/);

    const first = await rehook(['audit', '--team', teamId, '--limit', '1', '--json', ...client()]);
    const page = JSON.parse(first.stdout) as { entries: { action: string }[]; nextBefore: string | null };
    assert.deepEqual(
      page.entries.map((e) => e.action),
      ['member.invited'],
    );
    assert.ok(page.nextBefore !== null);
    const next = await rehook(['audit', '--team', teamId, '--before', page.nextBefore, ...client()]);
    assert.match(next.stdout, /team\.created/);
    assert.doesNotMatch(next.stdout, /member\.invited/);

    const filtered = await rehook(['audit', '--action', 'team.created', ...client()]);
    assert.doesNotMatch(filtered.stdout, /member\.invited/);
    assert.match(filtered.stdout, /team\.created/);
    const bad = await rehook(['audit', '--action', 'nope', ...client()]);
    assert.equal(bad.code, 2, 'an unknown action is a usage error');
  });
});
