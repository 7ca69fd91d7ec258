import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../src/cli/cli.js';
import { RehookApiError, RehookClient } from '../../src/client/index.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api, startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { FAST_FORWARDING, waitUntil } from '../integration/api/forwarding/support.js';

/** Runs the CLI in this process; resolves with what it printed, or rejects with its error. */
async function cli(args: readonly string[], stdin: string | null = null): Promise<{ stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  await runCli(args, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin: async () => stdin, env: {} });
  return { stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('alerts through the typed client and rehook alerts list|set|delete|deliveries', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let token: string;
  let dir: string;

  before(async () => {
    rehook = await startTestRehook({ env: FAST_FORWARDING });
    receiver = await startReceiver();
    token = (await rehook.createUser()).token;
    dir = await mkdtemp(join(tmpdir(), 'rehook-cli-alerts-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
    await receiver.close();
    await rehook.stop();
  });

  test('the typed client sets, reads, lists deliveries and removes; a refused URL is an API error', async () => {
    const client = new RehookClient({ baseUrl: rehook.apiUrl, token });
    const inbox = await client.createInbox();
    const rules = await client.setAlerts(inbox.id, [
      { name: 'Posts', kind: 'event', filter: 'method=POST', url: `${receiver.url}/client`, format: 'slack' },
    ]);
    assert.equal(rules.length, 1);
    assert.deepEqual(await client.alerts(inbox.id), rules);
    await fetch(`${rehook.ingestUrl}/i/${inbox.id}`, { method: 'POST', body: 'x' }).then((r) => r.arrayBuffer());
    const delivered = await waitUntil('a delivered notification', async () => {
      const [d] = await client.alertDeliveries(inbox.id);
      return d?.state === 'delivered' ? d : undefined;
    });
    assert.equal(delivered.ruleName, 'Posts');
    assert.deepEqual(Object.keys(JSON.parse(delivered.body)), ['text']);
    await assert.rejects(
      client.setAlerts(inbox.id, [{ name: 'x', kind: 'drift', url: 'http://169.254.169.254/' }]),
      (err: unknown) => err instanceof RehookApiError && err.code === 'INVALID_DESTINATION' && err.status === 400,
    );
    assert.equal(await client.removeAlerts(inbox.id), 0);
    assert.deepEqual(await client.alerts(inbox.id), []);
  });

  test('rehook alerts set from a file, list, deliveries and delete', async () => {
    const flags = ['--server', rehook.apiUrl, '--token', token];
    const inbox = (await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token })).body.data.inbox;
    const file = join(dir, 'alerts.json');
    await writeFile(
      file,
      JSON.stringify([
        {
          name: 'Invoices',
          kind: 'event',
          filter: 'json=type=invoice.paid',
          url: `${receiver.url}/cli`,
          rateLimit: { max: 5, windowSeconds: 60 },
        },
        {
          name: 'Forged',
          kind: 'signature',
          url: `${receiver.url}/cli`,
          quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Paris' },
        },
      ]),
    );
    const set = await cli(['alerts', 'set', inbox.id, '--file', file, ...flags]);
    assert.match(set.stdout, /Invoices\s+matches json=type=invoice\.paid/);
    const listed = JSON.parse((await cli(['alerts', 'list', inbox.id, '--json', ...flags])).stdout);
    assert.deepEqual(
      listed.rules.map((r: any) => [r.name, r.kind, r.format, r.enabled]),
      [
        ['Invoices', 'event', 'json', true],
        ['Forged', 'signature', 'json', true],
      ],
    );
    // What list --json prints, set --file - takes back (ids kept).
    const piped = await cli(['alerts', 'set', inbox.id, '--file', '-', '--json', ...flags], JSON.stringify(listed));
    assert.deepEqual(JSON.parse(piped.stdout).rules, listed.rules);
    const human = (await cli(['alerts', 'list', inbox.id, ...flags])).stdout;
    assert.match(human, /Forged\s+signature check fails/);
    assert.match(human, /quiet 22:00-07:00 Europe\/Paris/);

    await fetch(`${rehook.ingestUrl}/i/${inbox.id}`, { method: 'POST', body: '{"type":"invoice.paid"}' }).then((r) =>
      r.arrayBuffer(),
    );
    await waitUntil('delivered', async () =>
      (await cli(['alerts', 'deliveries', inbox.id, ...flags])).stdout.includes('delivered') ? true : undefined,
    );
    assert.match(
      (await cli(['alerts', 'deliveries', inbox.id, ...flags])).stdout,
      /Invoices\s+alert\s+delivered\s+1\s+delivered 200/,
    );

    await writeFile(
      file,
      JSON.stringify({ rules: [{ name: 'bad', kind: 'event', filter: 'since=yesterday', url: receiver.url }] }),
    );
    await assert.rejects(cli(['alerts', 'set', inbox.id, '--file', file, ...flags]), /since/);
    await assert.rejects(
      cli(['alerts', 'set', inbox.id, '--file', join(dir, 'missing.json'), ...flags]),
      /cannot read/,
    );

    const removed = await cli(['alerts', 'delete', inbox.id, ...flags]);
    assert.match(removed.stdout, /Alert rules removed; 0 unsent notifications cancelled/);
    assert.match((await cli(['alerts', 'list', inbox.id, ...flags])).stdout, /No alert rules/);
  });
});
