import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { call, createInbox, ingestEvent } from '../support.js';

/**
 * Every operation of the API against what openapi.json says about sharing links: an operation
 * whose security lists `shareHeader` takes a valid link (it may still refuse the object), every
 * other one answers it 403 SHARE_READ_ONLY before anything else. Operations added later are
 * covered without touching this file, so a route and its document cannot disagree about links.
 */

interface Operation {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
}

const document = JSON.parse(readFileSync(new URL('../../../../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};

describe('which operations take a sharing link: the routes agree with openapi.json', () => {
  let rehook: TestRehook;
  let ids: Record<string, string>;

  before(async () => {
    rehook = await startTestRehook();
    const { token } = await rehook.createUser();
    const inbox = await createInbox(rehook, token);
    const eventId = await ingestEvent(rehook, inbox.id, { token });
    const share = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, { method: 'POST', token });
    assert.equal(share.status, 201, share.text);
    ids = {
      inboxId: inbox.id,
      eventId,
      token: share.body.data.share.token,
      shareId: share.body.data.share.id,
      tokenId: 'tok_aaaaaaaaaaaaaaaaaaaaaaaaaa',
    };
  });
  after(() => rehook.stop());

  it('answers a valid link 403 SHARE_READ_ONLY exactly where the document does not list it', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      // The ingest origin and the web app's pages take no credentials at all.
      if (template.startsWith('/i/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.tags?.includes('Web app')) continue;
        // timeout=0: the long-poll answers at once (other routes ignore the parameter).
        const path = `${template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `unknown-${name}`)}?timeout=0`;
        const takesLinks = operation.security?.some((alternative) => 'shareHeader' in alternative) ?? false;
        const controller = new AbortController();
        const res = await fetch(rehook.apiUrl + path, {
          method: method.toUpperCase(),
          headers: { 'x-rehook-share': ids['token'] as string, 'content-type': 'application/json' },
          ...(method === 'get' || method === 'head' ? {} : { body: '{}' }),
          signal: controller.signal,
        });
        // A stream answers 200 and goes on: its status is enough.
        const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await res.text();
        controller.abort();
        checked += 1;
        const refused = res.status === 403 && text.includes('"SHARE_READ_ONLY"');
        if (takesLinks && refused)
          problems.push(
            `${method.toUpperCase()} ${template}: documented as taking links, answered ${res.status} ${text}`,
          );
        if (!takesLinks && !refused)
          problems.push(
            `${method.toUpperCase()} ${template}: should refuse links, answered ${res.status} ${text.slice(0, 200)}`,
          );
      }
    }
    assert.ok(checked >= 20, `only ${checked} operations checked`);
    assert.deepEqual(problems, []);
  });

  it('the operations that take links are the reading ones of an inbox and its events', () => {
    const taking = Object.entries(document.paths).flatMap(([template, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.some((alternative) => 'shareHeader' in alternative))
        .map(([method]) => `${method.toUpperCase()} ${template}`),
    );
    assert.deepEqual(taking.sort(), [
      'GET /api/v1/events/{eventId}',
      'GET /api/v1/events/{eventId}/body',
      'GET /api/v1/events/{eventId}/curl',
      'GET /api/v1/events/{eventId}/diff',
      'GET /api/v1/events/{eventId}/meta',
      'GET /api/v1/events/{eventId}/previous-of-type',
      'GET /api/v1/inboxes/{inboxId}',
      'GET /api/v1/inboxes/{inboxId}/event-types',
      'GET /api/v1/inboxes/{inboxId}/event-types/{eventType}/schema',
      'GET /api/v1/inboxes/{inboxId}/events',
      'GET /api/v1/inboxes/{inboxId}/events/next',
      'GET /api/v1/inboxes/{inboxId}/export',
      'GET /api/v1/inboxes/{inboxId}/stream',
      'GET /api/v1/shares/{token}',
    ]);
  });
});
