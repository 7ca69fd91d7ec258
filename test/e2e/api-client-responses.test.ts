// RehookClient's response methods against a real server in this process.
//
//   node --import tsx --test test/e2e/api-client-responses.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RehookApiError, RehookClient, type InboxResponse, type InboxResponseInput } from '../../src/index.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';

describe('RehookClient: response rules', () => {
  let rehook: TestRehook;
  let client: RehookClient;
  before(async () => {
    rehook = await startTestRehook();
    client = new RehookClient({ baseUrl: rehook.apiUrl });
  });
  after(() => rehook.stop());

  test('inboxResponse, setInboxResponse, clearInboxResponse; send() gets the programmed answer', async () => {
    const inbox = await client.createInbox();
    assert.equal(await client.inboxResponse(inbox.id), null);
    const input: InboxResponseInput = {
      status: 202,
      headers: [['X-Programmed', 'yes']],
      body: 'accepted',
      rules: [
        {
          match: { pathPrefix: '/fail' },
          response: { status: 500, bodyBase64: Buffer.from([0, 255]).toString('base64') },
        },
      ],
    };
    const set: InboxResponse = await client.setInboxResponse(inbox.id, input);
    assert.equal(set.status, 202);
    assert.deepEqual(set.headers, [['X-Programmed', 'yes']]);
    assert.equal(set.rules[0]?.response.bodyBase64, 'AP8=');
    assert.deepEqual(await client.inboxResponse(inbox.id), set);

    const answered = await fetch(`${inbox.url}/fail/now`, { method: 'POST', body: 'x' });
    assert.equal(answered.status, 500);
    assert.deepEqual(Buffer.from(await answered.arrayBuffer()), Buffer.from([0, 255]));
    const [event] = (await client.events(inbox.id)).events;
    assert.deepEqual(event?.answer, { rule: 0, status: 500 });

    await client.clearInboxResponse(inbox.id);
    assert.equal(await client.inboxResponse(inbox.id), null);
    const plain = await fetch(inbox.url, { method: 'POST', body: 'x' });
    assert.equal(plain.status, 200);
    assert.equal(await plain.text(), '{"ok":true}');
  });

  test('a refused header is a RehookApiError VALIDATION_FAILED', async () => {
    const inbox = await client.createInbox();
    await assert.rejects(
      client.setInboxResponse(inbox.id, { headers: [['Transfer-Encoding', 'chunked']] }),
      (err: unknown) =>
        err instanceof RehookApiError && err.code === 'VALIDATION_FAILED' && /Transfer-Encoding/.test(err.message),
    );
  });

  test('a templated answer renders per request; previewInboxResponse renders one against a captured event', async () => {
    const inbox = await client.createInbox();
    const input: InboxResponseInput = { body: '{"got":"{{ body.id }}"}', template: true };
    assert.equal((await client.setInboxResponse(inbox.id, input)).template, true);
    const answered = await fetch(`${inbox.url}/x`, { method: 'POST', body: '{"id":"a1"}' });
    assert.equal(await answered.text(), '{"got":"a1"}');
    const { events } = await client.events(inbox.id);
    const preview = await client.previewInboxResponse(
      inbox.id,
      { body: '{{ method }} {{ path }}', template: true },
      events[0]?.id ?? '',
    );
    assert.equal(preview.answer.body, 'POST /x');
    assert.equal(preview.error, null);
    await assert.rejects(
      client.setInboxResponse(inbox.id, { body: '{{ x', template: true }),
      (err: unknown) =>
        err instanceof RehookApiError && err.code === 'VALIDATION_FAILED' && /line:1, col:1/.test(err.message),
    );
  });
});
