import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import Stripe from 'stripe';

import { systemClock } from '../../../src/ports/clock.js';
import { createAccount } from '../../../src/services/accounts.js';
import { createToken } from '../../../src/services/tokens.js';
import { openPostgresStore, type PostgresStore } from '../../../src/storage/postgres/store.js';
import { connectTestPostgres, type TestSchema } from '../../helpers/postgres.js';
import { api } from '../../helpers/rehook.js';
import { killAllInstances, startInstance, type Instance } from './launcher.js';

/**
 * Signature secrets with several `rehook serve` processes on one PostgreSQL: instances given the
 * same REHOOK_SECRET_KEY open each other's secrets; one with another key stores the events
 * `unchecked` with the reason and logs a warning that names the inbox, never the secret; one
 * without REHOOK_SECRET_KEY warns at start that instances must share it. No log line of any
 * instance (debug level) holds the secret, in clear or base64.
 */

const pg = await connectTestPostgres();
const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;
const SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
const PAYLOAD = JSON.stringify({ id: 'evt_cluster', object: 'event' });

describe('signature secrets across instances on one PostgreSQL', { skip, timeout: 300_000 }, () => {
  let schema: TestSchema;
  let store: PostgresStore;
  let token: string;
  let a: Instance;
  let b: Instance;
  let other: Instance;
  let keyless: Instance;
  let noDir: Instance;
  let dataDir: string;

  before(async () => {
    if (!pg.available) return;
    schema = await pg.createSchema();
    store = await openPostgresStore({ url: schema.url, poolSize: 2 });
    const account = await createAccount({ store, clock: systemClock }, { email: `sig-${Date.now()}@example.test` });
    token = (await createToken({ store, clock: systemClock }, { accountId: account.id, name: 'cluster' })).plaintext;
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-sig-cluster-'));
    const shared = randomBytes(32).toString('base64');
    // A data directory that cannot be created (its parent is a file): no key file either.
    await writeFile(join(dataDir, 'a-file'), '');
    const env = { DATABASE_URL: schema.url, REHOOK_LOG_LEVEL: 'debug', REHOOK_RATE_INGEST_PER_INBOX: '0' };
    [a, b, other, keyless, noDir] = await Promise.all([
      startInstance('A', { ...env, REHOOK_SECRET_KEY: shared }),
      startInstance('B', { ...env, REHOOK_SECRET_KEY: shared }),
      startInstance('other-key', { ...env, REHOOK_SECRET_KEY: randomBytes(32).toString('hex') }),
      startInstance('no-key', { ...env, REHOOK_DATA_DIR: dataDir }),
      startInstance('no-dir', { ...env, REHOOK_DATA_DIR: join(dataDir, 'a-file', 'data') }),
    ]);
  });

  after(async () => {
    await killAllInstances();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
    if (!pg.available) return;
    await store?.close();
    await schema?.drop();
    await pg.close();
  });

  async function ingestSigned(instance: Instance, inboxId: string): Promise<{ status: string; reason: string | null }> {
    const header = Stripe.webhooks.generateTestHeaderString({ payload: PAYLOAD, secret: SECRET });
    const res = await fetch(`${instance.ingestUrl}/i/${inboxId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: PAYLOAD,
    });
    await res.arrayBuffer();
    assert.equal(res.status, 200);
    const list = await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`, { token });
    assert.equal(list.status, 200, list.text);
    return list.body[0].signature;
  }

  it('instances sharing REHOOK_SECRET_KEY open the secret; another key gives unchecked events and a warning without the secret', async () => {
    const created = await api(a.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
    const inboxId: string = created.body.data.inbox.id;
    const set = await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/signature`, {
      method: 'PUT',
      token,
      json: { scheme: 'stripe', secret: SECRET },
    });
    assert.equal(set.status, 200, set.text);

    assert.deepEqual(await ingestSigned(a, inboxId), { scheme: 'stripe', status: 'valid', reason: null });
    assert.deepEqual(await ingestSigned(b, inboxId), { scheme: 'stripe', status: 'valid', reason: null });
    const refused = await ingestSigned(other, inboxId);
    assert.equal(refused.status, 'unchecked');
    assert.match(
      refused.reason ?? '',
      /^the stored secret cannot be opened by this server: sealed with another server key .*REHOOK_SECRET_KEY differs/,
    );
    const warning = other.logs.find(
      (line) => typeof line.msg === 'string' && line.msg.includes('signature secret cannot be opened'),
    );
    assert.ok(warning !== undefined, 'the instance with another key logged no warning');
    assert.equal(warning['inboxId'], inboxId);
    assert.equal(warning['level'], 40);

    // Re-signing on an instance that cannot open the secret: 409 with the reason.
    const eventId: string = (await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`, { token })).body[0].id;
    const resign = await api(other.apiUrl, `/api/v1/events/${eventId}/resign`, { method: 'POST', token });
    assert.equal(resign.status, 409, resign.text);
    assert.equal(resign.body.error.code, 'SIGNATURE_NOT_SET');
    assert.match(resign.body.error.message, /cannot be used: .*another server key/);
    const fresh = await api(b.apiUrl, `/api/v1/events/${eventId}/resign`, { method: 'POST', token });
    assert.equal(fresh.status, 200, fresh.text);
    assert.equal(Stripe.webhooks.constructEvent(PAYLOAD, fresh.body.data.headers[0][1], SECRET).id, 'evt_cluster');
  });

  it('an instance on PostgreSQL without REHOOK_SECRET_KEY warns at start', () => {
    const warning = keyless.logs.find(
      (line) => typeof line.msg === 'string' && line.msg.startsWith('PostgreSQL without REHOOK_SECRET_KEY'),
    );
    assert.ok(warning !== undefined, `no warning in ${JSON.stringify(keyless.logs.slice(0, 5))}`);
    assert.equal(
      a.logs.some((line) => typeof line.msg === 'string' && line.msg.startsWith('PostgreSQL without')),
      false,
    );
  });

  it('an instance on PostgreSQL that cannot write a key file starts, refuses to store secrets (503) and stores events unchecked', async () => {
    const warning = noDir.logs.find(
      (line) =>
        typeof line.msg === 'string' &&
        line.msg.startsWith('signature secrets are unavailable: no server key (set REHOOK_SECRET_KEY)'),
    );
    assert.ok(warning !== undefined, `no warning in ${JSON.stringify(noDir.logs.slice(0, 5))}`);
    const created = await api(noDir.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
    const inboxId: string = created.body.data.inbox.id;
    const set = await api(noDir.apiUrl, `/api/v1/inboxes/${inboxId}/signature`, {
      method: 'PUT',
      token,
      json: { scheme: 'stripe', secret: SECRET },
    });
    assert.equal(set.status, 503, set.text);
    assert.equal(set.body.error.code, 'STORAGE_UNAVAILABLE');
    assert.match(set.body.error.message, /cannot be stored encrypted on this server: no server key/);
    // A secret set through an instance with a key is unchecked here, with the reason.
    assert.equal(
      (
        await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/signature`, {
          method: 'PUT',
          token,
          json: { scheme: 'stripe', secret: SECRET },
        })
      ).status,
      200,
    );
    const check = await ingestSigned(noDir, inboxId);
    assert.equal(check.status, 'unchecked');
    assert.match(check.reason ?? '', /cannot be opened by this server: no server key \(set REHOOK_SECRET_KEY\)/);
  });

  it('no instance logged the secret', () => {
    const forms = [SECRET, SECRET.slice('whsec_'.length), Buffer.from(SECRET).toString('base64').replace(/=+$/, '')];
    for (const instance of [a, b, other, keyless, noDir]) {
      const text = [...instance.logs.map((line) => JSON.stringify(line)), ...instance.rawOutput].join('\n');
      assert.ok(text.length > 0);
      for (const form of forms) assert.ok(!text.includes(form), `${instance.name} logged the secret`);
    }
  });
});
