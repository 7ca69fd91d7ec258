import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fjp from 'fast-json-patch';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  call,
  createInbox,
  ingestEvent,
  rawRequest,
  UNKNOWN_EVENT_ID,
} from './support.js';

// GET /api/v1/events/<id>/diff?against=<id>: the JSON operations are judged by fast-json-patch
// (applied to the first body they must give the second), the rest against what was sent.

let rehook: TestRehook;
before(async () => {
  rehook = await startTestRehook();
});
after(() => rehook.stop());

/** Sends a raw request (duplicate headers kept as written) and answers the new event's id. */
async function capture(inboxId: string, target: string, headers: string[], body: string | Buffer): Promise<string> {
  const res = await rawRequest(`${rehook.ingestUrl}/i/${inboxId}${target}`, { method: 'POST', headers, body });
  assert.equal(res.status, 200, res.text);
  const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`);
  return list.body[0].id as string;
}

const diffOf = (a: string, b: string, token?: string) =>
  call(rehook.apiUrl, `/api/v1/events/${a}/diff?against=${b}`, token === undefined ? {} : { token });

describe('GET /api/v1/events/<id>/diff', () => {
  it('compares method, path, query and headers by name, duplicates and order kept, across inboxes', async () => {
    const one = await createInbox(rehook);
    const two = await createInbox(rehook);
    const a = await capture(
      one.id,
      '/stripe?source=a&tag=1&tag=2&gone=x',
      ['Content-Type', 'application/json', 'X-Dup', '1', 'X-Dup', '2', 'X-Old', 'o', 'Stripe-Signature', 's1'],
      '{"a":1}',
    );
    const b = await rawRequest(`${rehook.ingestUrl}/i/${two.id}/github?source=b&tag=1&tag=2&new=y`, {
      method: 'PUT',
      headers: ['content-type', 'application/json', 'x-dup', '2', 'X-Dup', '1', 'X-New', 'n', 'stripe-signature', 's1'],
      body: '{"a":1}',
    });
    assert.equal(b.status, 200);
    const bId = (await call(rehook.apiUrl, `/api/v1/inboxes/${two.id}/events?limit=1`)).body[0].id;
    const res = await diffOf(a, bId);
    assert.equal(res.status, 200, res.text);
    const diff = res.body.data.diff;
    assert.equal(diff.from, a);
    assert.equal(diff.to, bId);
    assert.deepEqual(diff.method, { from: 'POST', to: 'PUT' });
    assert.deepEqual(diff.path, { from: '/stripe', to: '/github' });
    assert.deepEqual(diff.query, {
      added: [['new', 'y']],
      removed: [['gone', 'x']],
      changed: [{ name: 'source', from: ['a'], to: ['b'] }],
    });
    assert.deepEqual(diff.headers.added, [['X-New', 'n']]);
    assert.deepEqual(diff.headers.removed, [['X-Old', 'o']]);
    // Same names in another case are the same header; the duplicates' order is a change.
    assert.deepEqual(
      diff.headers.changed.filter((c: { name: string }) => c.name.toLowerCase() !== 'host'),
      [{ name: 'x-dup', from: ['1', '2'], to: ['2', '1'] }],
    );
    assert.deepEqual(diff.body, { kind: 'json', bytesEqual: true, operations: [] });
  });

  it('gives RFC 6902 operations that fast-json-patch applies to the first body to get the second', async () => {
    const inbox = await createInbox(rehook);
    const first = {
      type: 'invoice.created',
      data: { object: { id: 'in_1', status: 'draft', lines: [1, 2, 3], 'a/b': 1, 't~': 2 }, gone: true },
      list: [{ x: 1 }, { x: 2 }],
    };
    const second = {
      type: 'invoice.paid',
      data: { object: { id: 'in_1', status: 'paid', lines: [1, 5], 'a/b': 2, 't~': 3, extra: null } },
      list: [{ x: 1 }, { x: 2, y: [true] }, 'new'],
      added: { deep: [1] },
    };
    const json = ['content-type', 'application/json'];
    const a = await capture(inbox.id, '', json, JSON.stringify(first));
    const b = await capture(inbox.id, '', json, JSON.stringify(second));
    const res = await diffOf(a, b);
    assert.equal(res.status, 200, res.text);
    const { body } = res.body.data.diff;
    assert.equal(body.kind, 'json');
    assert.equal(body.bytesEqual, false);
    assert.deepEqual(fjp.validate(body.operations, structuredClone(first)), undefined);
    const patched = fjp.applyPatch(structuredClone(first), body.operations, true, false).newDocument;
    assert.deepEqual(patched, second);
    assert.ok(
      body.operations.some(
        (op: any) =>
          op.op === 'replace' && op.path === '/data/object/status' && op.from === 'draft' && op.value === 'paid',
      ),
      res.text,
    );
    assert.ok(
      body.operations.some((op: any) => op.path === '/data/object/a~1b'),
      'a "/" in a key is escaped as ~1',
    );
    assert.ok(
      body.operations.some((op: any) => op.path === '/data/object/t~0'),
      'a "~" in a key is escaped as ~0',
    );

    // The other way round too.
    const back = await diffOf(b, a);
    const reverted = fjp.applyPatch(structuredClone(second), back.body.data.diff.body.operations, true, false);
    assert.deepEqual(reverted.newDocument, first);
  });

  it('writes big numbers exactly as captured', async () => {
    const inbox = await createInbox(rehook);
    const json = ['content-type', 'application/json'];
    const a = await capture(inbox.id, '', json, '{"id":12345678901234567890,"f":1.5,"same":98765432109876543210}');
    const b = await capture(inbox.id, '', json, '{"id":12345678901234567891,"f":1.5,"same":98765432109876543210}');
    const res = await diffOf(a, b);
    assert.equal(res.status, 200, res.text);
    // The two ids are one number to JavaScript: only an exact reader sees they differ.
    assert.match(res.text, /"op":"replace","path":"\/id","from":12345678901234567890,"value":12345678901234567891/);
    assert.equal(res.body.data.diff.body.operations.length, 1, res.text);
  });

  it('gives a line diff of text bodies and a byte comparison of binary ones', async () => {
    const inbox = await createInbox(rehook);
    const text = ['content-type', 'text/plain'];
    const a = await capture(inbox.id, '', text, 'one\ntwo\nthree\n');
    const b = await capture(inbox.id, '', text, 'one\n2\nthree\nfour\n');
    const res = await diffOf(a, b);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data.diff.body, {
      kind: 'text',
      bytesEqual: false,
      changes: [
        { type: 'same', text: 'one\n' },
        { type: 'removed', text: 'two\n' },
        { type: 'added', text: '2\n' },
        { type: 'same', text: 'three\n' },
        { type: 'added', text: 'four\n' },
      ],
    });
    const bin = ['content-type', 'application/octet-stream'];
    const c = await capture(inbox.id, '', bin, Buffer.from([0xff, 0x00, 0x01]));
    const d = await capture(inbox.id, '', bin, Buffer.from([0xff, 0x00, 0x01, 0x02]));
    const binary = await diffOf(c, d);
    assert.deepEqual(binary.body.data.diff.body, {
      kind: 'binary',
      bytesEqual: false,
      sizes: { from: 3, to: 4 },
      reason: 'binary',
    });
    const same = await diffOf(c, c);
    assert.equal(same.body.data.diff.body.bytesEqual, true);
  });

  it('answers 404 EVENT_NOT_FOUND unless the caller may read both events, and 400 without against', async () => {
    const owner = await rehook.createUser();
    const other = await rehook.createUser();
    const owned = await createInbox(rehook, owner.token);
    const anon = await createInbox(rehook);
    const mine = await ingestEvent(rehook, owned.id, { token: owner.token });
    const open = await ingestEvent(rehook, anon.id);
    assert.equal((await diffOf(mine, open, owner.token)).status, 200);
    assertError(await diffOf(mine, open, other.token), 404, 'EVENT_NOT_FOUND');
    assertError(await diffOf(open, mine, other.token), 404, 'EVENT_NOT_FOUND');
    assertError(await diffOf(open, UNKNOWN_EVENT_ID), 404, 'EVENT_NOT_FOUND');
    assertError(await diffOf(open, 'not-an-id'), 404, 'EVENT_NOT_FOUND');
    assertUnauthorized(await diffOf(open, mine));
    assertError(await call(rehook.apiUrl, `/api/v1/events/${open}/diff`), 400, 'VALIDATION_FAILED');

    // A sharing link reads its own inbox's events only.
    const share = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}/shares`, {
      method: 'POST',
      token: owner.token,
    });
    const link = { 'x-rehook-share': share.body.data.share.token as string };
    const viaLink = await call(rehook.apiUrl, `/api/v1/events/${mine}/diff?against=${mine}`, { headers: link });
    assert.equal(viaLink.status, 200, viaLink.text);
    const outside = await call(rehook.apiUrl, `/api/v1/events/${mine}/diff?against=${open}`, { headers: link });
    assertError(outside, 404, 'EVENT_NOT_FOUND');
  });
});
