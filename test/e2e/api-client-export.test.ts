import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RehookApiError, RehookClient } from '../../src/client/index.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';

// RehookClient.curl and exportInbox against a running Rehook.

let rehook: TestRehook;
before(async () => {
  rehook = await startTestRehook();
});
after(async () => {
  await rehook.stop();
});

async function collect(bytes: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of bytes) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

describe('RehookClient export', () => {
  test('exportInbox streams HAR and NDJSON with filters; curl returns the command', async () => {
    const client = new RehookClient({ baseUrl: rehook.apiUrl });
    const inbox = await client.createInbox();
    await client.send(inbox.id, { path: '/a', json: { n: 1 } });
    await client.send(inbox.id, { method: 'PUT', path: '/b', body: new Uint8Array([0, 255]) });
    const { events } = await client.events(inbox.id);
    const [newest, oldest] = events;
    assert.ok(newest && oldest);

    const har = JSON.parse(await collect(await client.exportInbox(inbox.id)));
    assert.equal(har.log.version, '1.2');
    assert.deepEqual(
      har.log.entries.map((e: any) => e._rehook.eventId),
      [oldest.id, newest.id],
    );

    const ndjson = await collect(await client.exportInbox(inbox.id, { format: 'ndjson', filter: { method: ['put'] } }));
    assert.deepEqual(
      ndjson
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).id),
      [newest.id],
    );

    const curl = await client.curl(oldest.id);
    assert.match(curl.command, /^curl .* -X 'POST' /);
    assert.equal(curl.url, `${inbox.url}/a`);
    assert.deepEqual(curl.omittedHeaders, []);
  });

  test('errors are thrown before any byte; stopping early ends the download', async () => {
    const client = new RehookClient({ baseUrl: rehook.apiUrl });
    await assert.rejects(
      client.exportInbox('inb_aaaaaaaaaaaaaaaaaaaaaaaaaa'),
      (err: unknown) => err instanceof RehookApiError && err.code === 'INBOX_NOT_FOUND',
    );
    await assert.rejects(
      client.curl('evt_01aaaaaaaaaaaaaaaaaaaaaaaa'),
      (err: unknown) => err instanceof RehookApiError && err.code === 'EVENT_NOT_FOUND',
    );
    const inbox = await client.createInbox();
    for (let i = 0; i < 30; i += 1) await client.send(inbox.id, { body: new Uint8Array(100_000).fill(i) });
    let chunks = 0;
    for await (const _chunk of await client.exportInbox(inbox.id, { format: 'ndjson' })) {
      chunks += 1;
      break;
    }
    assert.equal(chunks, 1);
    // The server carries on.
    assert.equal(
      (await collect(await client.exportInbox(inbox.id, { format: 'ndjson' }))).trimEnd().split('\n').length,
      30,
    );
  });
});
