// Response rules, end to end against a real server: the delay (the event is stored before
// the answer is sent; a shutdown sends it at once) and two instances sharing one PostgreSQL.
//
//   node --import tsx --test test/integration/ingest/responses-delay.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/integration/ingest/responses-delay.test.ts
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { RESPONSE_LIMITS } from '../../../src/domain/response.js';
import { api, startTestRehook } from '../../helpers/rehook.js';
import { createInbox, listEvents } from './fixtures.js';
import { hostHeader, hostPort, parseResponses, sendRaw } from './raw-http.js';
import { ingest, putResponse, waitFor } from './responses-support.js';

describe('response rules: the delay', () => {
  test('the event is listed while the sender still waits; a shutdown sends the answer at once with Connection: close', async () => {
    const rehook = await startTestRehook();
    let stopped = false;
    try {
      const inboxId = await createInbox(rehook);
      const set = await putResponse(rehook, inboxId, {
        status: 200,
        body: 'fast',
        rules: [
          {
            match: { pathPrefix: '/slow' },
            response: { status: 503, body: 'late', delayMs: RESPONSE_LIMITS.maxDelayMs },
          },
        ],
      });
      assert.equal(set.status, 200, set.text);

      const socket = connect(hostPort(rehook.ingestUrl));
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST /i/${inboxId}/slow HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nContent-Length: 5\r\n\r\nhello`,
      );

      // The event is committed and listed (with the answer it is about to get) before the answer.
      const listed = await waitFor('the delayed event to be listed', async () => {
        const events = (await listEvents(rehook, inboxId)) as unknown as Array<{ id: string; answer: unknown }>;
        return events[0];
      });
      assert.deepEqual(listed.answer, { rule: 0, status: 503 });
      assert.equal(received.length, 0, 'the answer came before its delay was over');
      // Other requests are not held up by the waiting one.
      const other = await ingest(rehook, 'POST', `/i/${inboxId}/quick`);
      assert.equal(other.status, 200);
      assert.equal(other.body.toString(), 'fast');
      assert.equal(received.length, 0, 'the answer came before its delay was over');

      // Shutting down cuts the delay: the programmed answer now, and the connection closes.
      await rehook.stop();
      stopped = true;
      await closed;
      const [response] = parseResponses(Buffer.concat(received)).responses;
      assert.ok(response, `no answer: ${Buffer.concat(received).toString('latin1')}`);
      assert.equal(response.status, 503);
      assert.equal(response.body.toString(), 'late');
      assert.deepEqual(
        response.headers.filter(([name]) => name === 'connection'),
        [['connection', 'close']],
      );
    } finally {
      if (!stopped) await rehook.stop();
    }
  });

  test('a short delay ends in the programmed answer on a kept-alive connection', async () => {
    const rehook = await startTestRehook();
    try {
      const inboxId = await createInbox(rehook);
      await putResponse(rehook, inboxId, { status: 202, body: 'after a while', delayMs: 50 });
      const result = await sendRaw(
        rehook.ingestUrl,
        `POST /i/${inboxId} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nContent-Length: 0\r\n\r\n` +
          `POST /i/${inboxId}/second HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nContent-Length: 0\r\n\r\n`,
        { responses: 2 },
      );
      assert.deepEqual(
        result.responses.map((r) => [r.status, r.body.toString()]),
        [
          [202, 'after a while'],
          [202, 'after a while'],
        ],
      );
      assert.deepEqual(
        result.responses[0]?.headers.filter(([name]) => name === 'connection'),
        [['connection', 'keep-alive']],
      );
    } finally {
      await rehook.stop();
    }
  });
});

describe('response rules: two instances on one PostgreSQL', async () => {
  const { connectTestPostgres } = await import('../../helpers/postgres.js');
  const { loadConfig } = await import('../../../src/config/load.js');
  const { startRehook } = await import('../../../src/server.js');
  const { pino } = await import('pino');
  const pg = await connectTestPostgres();
  const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;

  test("a change made through one instance reaches the other one's ingest (within its cache age)", {
    skip,
  }, async () => {
    if (!pg.available) return;
    const schema = await pg.createSchema();
    // One data directory for both (only a generated secret key would be written there).
    const dataDir = await mkdtemp(join(tmpdir(), 'rehook-responses-cluster-'));
    const start = () =>
      startRehook(
        loadConfig({
          REHOOK_PORT: '0',
          REHOOK_INGEST_PORT: '0',
          REHOOK_DATA_DIR: dataDir,
          REHOOK_LOG_LEVEL: 'silent',
          DATABASE_URL: schema.url,
        }),
        { logger: pino({ level: 'silent' }) },
      );
    const a = await start();
    const b = await start();
    try {
      const created = await api(a.apiUrl, '/api/v1/inboxes', { method: 'POST' });
      const inboxId = created.body.data.inbox.id as string;
      const post = async (origin: string, sub: string) => {
        const res = await fetch(`${origin}/i/${inboxId}${sub}`, { method: 'POST', body: 'x' });
        await res.arrayBuffer();
        return res.status;
      };
      // B reads (and caches) "no response" first.
      assert.equal(await post(b.ingestUrl, '/before'), 200);
      const set = await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/response`, { method: 'PUT', json: { status: 503 } });
      assert.equal(set.status, 200, set.text);
      assert.equal(await post(a.ingestUrl, '/on-a'), 503);
      // B answers it once its cached entry has aged out (1 s); until then it answers what it knew.
      let n = 0;
      await waitFor('instance B to answer the new response', async () => {
        n += 1;
        return (await post(b.ingestUrl, `/on-b-${n}`)) === 503 ? true : undefined;
      });
      // Each event records what its instance actually sent.
      const events = (await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1000`)).body as Array<{
        path: string;
        answer: { status: number };
      }>;
      for (const event of events) {
        const sent = event.path.endsWith(`/on-b-${n}`) || event.path.endsWith('/on-a') ? 503 : 200;
        assert.equal(event.answer.status, sent, event.path);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
      await pg.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
