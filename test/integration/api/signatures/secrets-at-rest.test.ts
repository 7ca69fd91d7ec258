// Signature secrets never reach the disk or the logs in clear. A real server
// on a SQLite data directory, logging at trace level into memory: the secret is set, shown,
// replaced, used at ingest and for re-signing, refused in bad requests; then the server log,
// the database files (WAL included) and the key file are searched for it in every plausible
// encoding. A positive control proves the search reads the right bytes.
//
//   node --import tsx --test test/integration/api/signatures/secrets-at-rest.test.ts
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';

import { pino } from 'pino';
import Stripe from 'stripe';

import { loadConfig } from '../../../../src/config/load.js';
import { startRehook, type RunningRehook } from '../../../../src/server.js';
import { createAccount } from '../../../../src/services/accounts.js';
import { createToken } from '../../../../src/services/tokens.js';
import { SERVER_KEY_FILE } from '../../../../src/signatures/server-key.js';
import { LOG_REDACTION } from '../../../../src/log-redaction.js';
import { api } from '../../../helpers/rehook.js';

const SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
const OTHER_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
const BAD_SECRET = `sk_live_${randomBytes(18).toString('hex')}`;
const MARKER = `marker-${randomBytes(8).toString('hex')}`;
const PAYLOAD = JSON.stringify({ id: 'evt_at_rest', object: 'event', note: MARKER });

/** Every form a secret could plausibly be written in. */
function forms(secret: string): Buffer[] {
  const utf8 = Buffer.from(secret, 'utf8');
  const tail = secret.replace(/^whsec_/, '');
  return [
    utf8,
    Buffer.from(tail),
    Buffer.from(utf8.toString('base64').replace(/=+$/, '')),
    Buffer.from(utf8.toString('hex')),
  ];
}

describe('signature secrets at rest and in logs', () => {
  let dataDir: string;
  let rehook: RunningRehook;
  let token: string;
  let closed = false;
  const logLines: string[] = [];

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rehook-sig-rest-'));
    const config = loadConfig({
      REHOOK_PORT: '0',
      REHOOK_INGEST_PORT: '0',
      REHOOK_DATA_DIR: dataDir,
      REHOOK_LOG_LEVEL: 'trace',
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    rehook = await startRehook(config, { logger: pino({ level: 'trace', redact: LOG_REDACTION }, sink) });
    const account = await createAccount(rehook.deps, { email: `rest-${Date.now()}@example.test` });
    token = (await createToken(rehook.deps, { accountId: account.id, name: 'rest' })).plaintext;
  });

  after(async () => {
    if (!closed) await rehook?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores and logs only the sealed secret', async () => {
    const created = await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
    const inboxId: string = created.body.data.inbox.id;
    const path = `/api/v1/inboxes/${inboxId}/signature`;
    // Refused: the secret of the wrong form must not be echoed, in the answer or the log.
    const refused = await api(rehook.apiUrl, path, {
      method: 'PUT',
      token,
      json: { scheme: 'stripe', secret: BAD_SECRET },
    });
    assert.equal(refused.status, 400);
    assert.ok(!refused.text.includes(BAD_SECRET));
    for (const secret of [OTHER_SECRET, SECRET]) {
      const set = await api(rehook.apiUrl, path, { method: 'PUT', token, json: { scheme: 'stripe', secret } });
      assert.equal(set.status, 200, set.text);
      assert.ok(!set.text.includes(secret.slice(6, -4)));
    }
    // Should an object holding a secret ever be logged, the server's redaction censors it.
    const logger = pino(
      { level: 'trace', redact: LOG_REDACTION },
      new Writable({
        write: (chunk: Buffer, _e, done) => {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    logger.info({ secret: SECRET, settings: { secret: SECRET }, body: { secret: SECRET } }, 'redaction check');
    assert.ok(logLines.some((line) => line.includes('redaction check') && line.includes('[REDACTED]')));
    const shown = await api(rehook.apiUrl, path, { token });
    assert.ok(!shown.text.includes(SECRET.slice(6, -4)));
    const header = Stripe.webhooks.generateTestHeaderString({ payload: PAYLOAD, secret: SECRET });
    const sent = await fetch(`${rehook.ingestUrl}/i/${inboxId}`, {
      method: 'POST',
      headers: { 'stripe-signature': header },
      body: PAYLOAD,
    });
    await sent.arrayBuffer();
    const [event] = (await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`, { token })).body;
    assert.equal(event.signature.status, 'valid');
    const resigned = await api(rehook.apiUrl, `/api/v1/events/${event.id}/resign`, { method: 'POST', token });
    assert.equal(resigned.status, 200, resigned.text);

    // Everything is on disk: stop the server (the WAL is folded in on close; read it before too).
    const files = ['rehook.db', 'rehook.db-wal', 'rehook.db-shm'].map((name) => join(dataDir, name)).filter(existsSync);
    const whileRunning = Buffer.concat(files.map((file) => readFileSync(file)));
    await rehook.close();
    closed = true;
    const afterClose = Buffer.concat(
      ['rehook.db', 'rehook.db-wal']
        .map((name) => join(dataDir, name))
        .filter(existsSync)
        .map((file) => readFileSync(file)),
    );
    const keyFile = join(dataDir, SERVER_KEY_FILE);
    assert.equal(statSync(keyFile).mode & 0o777, 0o600);
    const log = Buffer.from(logLines.join(''));
    const haystacks: Array<[string, Buffer]> = [
      ['database (running)', whileRunning],
      ['database (closed)', afterClose],
      ['key file', readFileSync(keyFile)],
      ['log', log],
    ];
    // Positive controls: the captured body is in the database, and the log is not empty.
    assert.ok(
      whileRunning.includes(MARKER) || afterClose.includes(MARKER),
      'the search does not read the stored events',
    );
    assert.ok(log.length > 0 && log.includes('Rehook started'));
    for (const [what, bytes] of haystacks) {
      for (const secret of [SECRET, OTHER_SECRET, BAD_SECRET]) {
        for (const form of forms(secret))
          assert.ok(!bytes.includes(form), `${what} holds a signature secret (${form.length} bytes form)`);
      }
    }
  });
});
