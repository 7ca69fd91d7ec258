import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { killAll, rehook, startServe, type ServeProcess, useBuiltCli } from './cli-harness.js';

// `rehook teams list | create | members | invite | role | remove`: the built bin against a spawned
// `rehook serve`; a second account joins through the invitation with the typed client's route.
const removeBin = await useBuiltCli();

after(async () => {
  killAll();
  await removeBin();
});

describe('rehook teams (built bin)', { concurrency: 1 }, () => {
  let dataDir: string;
  let serve: ServeProcess;
  const tokens: Record<string, string> = {};
  const client = (who: string) => ['--server', serve.apiUrl, '--token', tokens[who] as string];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-cli-teams-'));
    serve = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir]);
    for (const who of ['owner', 'guest']) {
      const email = `${who}@example.test`;
      assert.equal((await rehook(['accounts', 'create', '--email', email, '--data-dir', dataDir])).code, 0);
      const created = await rehook(['tokens', 'create', '--email', email, '--name', 'cli', '--data-dir', dataDir]);
      assert.equal(created.code, 0, created.stderr);
      tokens[who] = created.stdout.trim();
    }
  });
  after(async () => {
    killAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('create, invite, join, list members, change a role, remove', async () => {
    const created = await rehook(['teams', 'create', 'Payments', '--json', ...client('owner')]);
    assert.equal(created.code, 0, created.stderr);
    const teamId = (JSON.parse(created.stdout) as { team: { id: string } }).team.id;
    const listed = await rehook(['teams', 'list', ...client('owner')]);
    assert.match(listed.stdout, new RegExp(`${teamId}\\s+Payments\\s+owner`));

    const bad = await rehook(['teams', 'invite', teamId, '--role', 'superuser', ...client('owner')]);
    assert.equal(bad.code, 2, 'an unknown role is a usage error');
    const invited = await rehook(['teams', 'invite', teamId, '--role', 'viewer', ...client('owner')]);
    assert.equal(invited.code, 0, invited.stderr);
    const url = /url\s+(\S+)/.exec(invited.stdout)?.[1] ?? '';
    assert.match(url, /\/join\/rhi_/);
    const token = url.split('/join/')[1] as string;
    const joined = await fetch(`${serve.apiUrl}/api/v1/invitations/${token}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens['guest']}` },
    });
    assert.equal(joined.status, 200);

    const members = await rehook(['teams', 'members', teamId, '--json', ...client('owner')]);
    const list = (JSON.parse(members.stdout) as { members: { accountId: string; role: string; email: string }[] })
      .members;
    const guest = list.find((m) => m.email === 'guest@example.test');
    assert.equal(guest?.role, 'viewer');
    const promoted = await rehook([
      'teams',
      'role',
      teamId,
      guest?.accountId ?? '',
      '--role',
      'member',
      ...client('owner'),
    ]);
    assert.equal(promoted.code, 0, promoted.stderr);
    assert.match(promoted.stdout, /guest@example\.test is now member/);
    const refused = await rehook([
      'teams',
      'role',
      teamId,
      guest?.accountId ?? '',
      '--role',
      'admin',
      ...client('guest'),
    ]);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /FORBIDDEN|member/);
    const removed = await rehook(['teams', 'remove', teamId, guest?.accountId ?? '', ...client('owner')]);
    assert.equal(removed.code, 0, removed.stderr);
    const after = await rehook(['teams', 'list', ...client('guest')]);
    assert.match(after.stdout, /No teams/);
  });

  test('tokens create --team and login --team make tokens limited to the team', async () => {
    const created = await rehook(['teams', 'create', 'Ops', '--json', ...client('guest')]);
    assert.equal(created.code, 0, created.stderr);
    const teamId = (JSON.parse(created.stdout) as { team: { id: string } }).team.id;

    const made = await rehook([
      ...['tokens', 'create', '--email', 'guest@example.test', '--name', 'ops'],
      ...['--team', teamId, '--scope', 'replay', '--data-dir', dataDir],
    ]);
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stderr, new RegExp(`scope replay, limited to team ${teamId}`));
    const headers = { authorization: `Bearer ${made.stdout.trim()}` };
    assert.equal((await fetch(`${serve.apiUrl}/api/v1/tokens`, { headers })).status, 403);
    assert.equal((await fetch(`${serve.apiUrl}/api/v1/teams/${teamId}`, { headers })).status, 200);
    // A team the account is not in.
    const foreign = await rehook([
      ...['tokens', 'create', '--email', 'owner@example.test', '--name', 'ops'],
      ...['--team', teamId, '--data-dir', dataDir],
    ]);
    assert.notEqual(foreign.code, 0);
    assert.match(foreign.stderr, /teamId/);

    // login --team stores a new token limited to the team: new inboxes are the team's.
    const env = { REHOOK_CONFIG_DIR: join(dataDir, 'config-team') };
    const login = await rehook(['login', ...client('guest'), '--team', teamId], { env });
    assert.equal(login.code, 0, login.stderr);
    assert.match(login.stdout, new RegExp(`limited to team ${teamId}`));
    const inbox = await rehook(['inbox', 'create', '--json'], { env });
    assert.equal(inbox.code, 0, inbox.stderr);
    assert.equal((JSON.parse(inbox.stdout) as { inbox: { teamId: string } }).inbox.teamId, teamId);
  });
});
