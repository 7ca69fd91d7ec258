import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fjp from 'fast-json-patch';
import { diffBodies } from '../../../../src/domain/event-diff.js';
import { stringifyLossless } from '../../../../src/domain/lossless-json.js';
import { INLINE_DIFF_BYTES } from '../../../../src/services/body-diff-runner.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  call,
  createInbox,
  ingestEvent,
  rawRequest,
  UNKNOWN_EVENT_ID,
} from '../support.js';

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

/** About 2 MB of text, one numbered line after another, every line unlike the other tag's. */
function bigText(tag: string): string {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < 2_000_000; i += 1) {
    const line = `${tag}-line-${i}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

describe('GET /api/v1/events/<id>/diff: the cost of a diff', () => {
  it('diffs bodies above the inline size on their own thread, with the same answer', async () => {
    const inbox = await createInbox(rehook);
    const text = ['content-type', 'text/plain'];
    const one = 'same line\n'.repeat(300) + 'first\n' + 'tail\n'.repeat(300);
    const two = 'same line\n'.repeat(300) + 'second\n' + 'tail\n'.repeat(300) + 'added\n';
    assert.ok(one.length + two.length > INLINE_DIFF_BYTES);
    const a = await capture(inbox.id, '', text, one);
    const b = await capture(inbox.id, '', text, two);
    const res = await diffOf(a, b);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.data.diff.body,
      JSON.parse(stringifyLossless(diffBodies(Buffer.from(one), Buffer.from(two)))),
    );
    assert.equal(res.body.data.diff.body.kind, 'text');
    // JSON with a number JavaScript cannot hold, big enough for the thread: its digits are kept.
    const json = ['content-type', 'application/json'];
    const pad = 'x'.repeat(INLINE_DIFF_BYTES);
    const c = await capture(inbox.id, '', json, `{"pad":"${pad}","n":12345678901234567890123}`);
    const d = await capture(inbox.id, '', json, `{"pad":"${pad}","n":12345678901234567890124}`);
    const big = await diffOf(c, d);
    assert.equal(big.status, 200, big.text);
    assert.match(big.text, /"value":12345678901234567890124/);
    assert.deepEqual(
      big.body.data.diff.body.operations.map((o: { path: string }) => o.path),
      ['/n'],
    );
  });

  it('answers other requests while two ~2 MB text bodies are diffed, then says the diff was too large', async () => {
    const inbox = await createInbox(rehook);
    const text = ['content-type', 'text/plain'];
    const first = bigText('a');
    const second = bigText('b');
    const a = await capture(inbox.id, '/big', text, first);
    const b = await capture(inbox.id, '/big', text, second);
    // The second event's lookup is the last wait before the bodies are compared: once it is
    // answered, the diff is under way when /healthz is sent.
    const events = rehook.deps.store.events as { findById: (id: string) => Promise<unknown> };
    const findById = events.findById;
    let lookedUp!: () => void;
    const secondLookedUp = new Promise<void>((resolve) => {
      lookedUp = resolve;
    });
    events.findById = async (id: string) => {
      const found = await findById.call(rehook.deps.store.events, id);
      if (id === b) lookedUp();
      return found;
    };
    try {
      const answered: string[] = [];
      const diff = diffOf(a, b).then((res) => {
        answered.push('diff');
        return res;
      });
      await secondLookedUp;
      const health = await fetch(`${rehook.apiUrl}/healthz`);
      answered.push('healthz');
      assert.equal(health.status, 200);
      await health.arrayBuffer();
      const res = await diff;
      assert.deepEqual(answered, ['healthz', 'diff'], 'the diff held /healthz up');
      assert.equal(res.status, 200, res.text.slice(0, 300));
      assert.deepEqual(res.body.data.diff.body, {
        kind: 'binary',
        bytesEqual: false,
        sizes: { from: Buffer.byteLength(first), to: Buffer.byteLength(second) },
        reason: 'too-large',
      });
      assert.deepEqual(res.body.data.diff.path, null);
    } finally {
      events.findById = findById;
    }
  });

  it('limits comparisons per client address (REHOOK_RATE_DIFF): 429 with Retry-After past the budget', async () => {
    const limited = await startTestRehook({ env: { REHOOK_RATE_DIFF: '2/min' } });
    try {
      const inbox = await createInbox(limited);
      await ingestEvent(limited, inbox.id, { suffix: '/one' });
      await ingestEvent(limited, inbox.id, { suffix: '/two' });
      const [x, y] = (await call(limited.apiUrl, `/api/v1/inboxes/${inbox.id}/events`)).body.map(
        (e: { id: string }) => e.id,
      );
      const compare = () => call(limited.apiUrl, `/api/v1/events/${x}/diff?against=${y}`);
      assert.equal((await compare()).status, 200);
      assert.equal((await compare()).status, 200);
      const refused = await compare();
      assertError(refused, 429, 'RATE_LIMITED');
      assert.ok(Number(refused.headers.get('retry-after')) >= 1, 'Retry-After');
      // Other reads of the same address are not counted.
      assert.equal((await call(limited.apiUrl, `/api/v1/events/${x}`)).status, 200);
    } finally {
      await limited.stop();
    }
  });
});
