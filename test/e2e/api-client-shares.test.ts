import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RehookClient } from '../../src/client/index.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { assertStream, openSse } from '../helpers/sse-client.js';

/** Only catches a hang. */
const HANG_MS = 15_000;

describe('RehookClient: sharing links', () => {
  let rehook: TestRehook;
  let owner: RehookClient;

  before(async () => {
    rehook = await startTestRehook();
    owner = new RehookClient({ baseUrl: rehook.apiUrl, token: (await rehook.createUser()).token });
  });
  after(() => rehook.stop());

  test('createShare, shares, resolveShare and revokeShare; a share client reads the inbox and nothing else', async () => {
    const inbox = await owner.createInbox();
    await owner.send(inbox.id, { path: '/hook', json: { paid: true } });
    const created = await owner.createShare(inbox.id);
    assert.match(created.token, /^rhl_/);
    assert.equal(created.path, `/s/${created.token}`);
    assert.equal(created.inboxId, inbox.id);
    assert.deepEqual(
      (await owner.shares(inbox.id)).map((s) => s.id),
      [created.id],
    );

    const anyone = new RehookClient({ baseUrl: rehook.apiUrl });
    assert.equal((await anyone.resolveShare(created.token)).id, inbox.id);

    const viewer = new RehookClient({ baseUrl: rehook.apiUrl, share: created.token });
    assert.equal((await viewer.inbox(inbox.id)).id, inbox.id);
    const [summary] = (await viewer.events(inbox.id)).events;
    assert.ok(summary);
    assert.equal((await viewer.event(summary.id)).bodyText, '{"paid":true}');
    assert.equal(Buffer.from((await viewer.eventBody(summary.id)).bytes).toString(), '{"paid":true}');
    const found = await viewer.waitForEvent(inbox.id, { match: { json: { paid: true } }, timeout: '5s' });
    assert.equal(found.id, summary.id);
    await assert.rejects(viewer.replay(summary.id, { destination: 'https://example.com/' }), {
      status: 403,
      code: 'SHARE_READ_ONLY',
    });
    await assert.rejects(viewer.deleteInbox(inbox.id), { status: 403, code: 'SHARE_READ_ONLY' });
    await assert.rejects(viewer.createShare(inbox.id), { status: 403, code: 'SHARE_READ_ONLY' });

    // The stream URL carries the link for EventSource, which cannot set headers.
    const url = viewer.streamUrl(inbox.id);
    assert.equal(url, `${rehook.apiUrl}/api/v1/inboxes/${inbox.id}/stream?share=${created.token}`);
    const conn = assertStream(await openSse(url));
    try {
      await conn.waitFor(() => conn.comments.length > 0, HANG_MS, 'the stream to start');
      await owner.revokeShare(inbox.id, created.id);
      await conn.waitFor(() => conn.ended, HANG_MS, 'the stream to end on revocation');
    } finally {
      conn.close();
    }
    await assert.rejects(viewer.inbox(inbox.id), { status: 404, code: 'SHARE_NOT_FOUND' });
    await assert.rejects(anyone.resolveShare(created.token), { status: 404, code: 'SHARE_NOT_FOUND' });
    await assert.rejects(owner.revokeShare(inbox.id, created.id), { status: 404, code: 'SHARE_NOT_FOUND' });
    assert.deepEqual(await owner.shares(inbox.id), []);
  });

  test('an anonymous inbox cannot be shared until it is saved', async () => {
    const inbox = await new RehookClient({ baseUrl: rehook.apiUrl }).createInbox();
    await assert.rejects(owner.createShare(inbox.id), { status: 409, code: 'INBOX_NOT_SAVED' });
    await owner.saveInbox(inbox.id);
    assert.match((await owner.createShare(inbox.id)).token, /^rhl_/);
  });

  test('streamUrl without a link, with a resume point; a client with both a token and a share is refused', () => {
    const plain = new RehookClient({ baseUrl: 'http://127.0.0.1:1/' });
    assert.equal(
      plain.streamUrl('inb_x', { lastEventId: 'evt_y' }),
      'http://127.0.0.1:1/api/v1/inboxes/inb_x/stream?lastEventId=evt_y',
    );
    assert.throws(() => new RehookClient({ baseUrl: 'http://127.0.0.1:1', token: 'rhk_x', share: 'rhl_y' }), TypeError);
  });
});
