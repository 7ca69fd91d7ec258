// Hostile templated answers against a real server: templates that would run for seconds or fill
// memory in one step are stopped (their render thread terminated at REHOOK_TEMPLATE_TIMEOUT, or
// the engine's counting refuses them; a doubling text may meet the engine's 100 ms first on a
// busy machine), the sender gets the fallback, the event records why, and the rest of the server
// answers while such a render runs. What each count refuses: test/unit/response-templates.test.ts.
//
//   node --import tsx --test test/integration/ingest/responses-template-hostile.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/integration/ingest/responses-template-hostile.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { createInbox, eventIdsByPath } from './fixtures.js';
import { answerAt, ingest, putResponse, waitFor } from './responses-support.js';

/**
 * One step (one output, fourteen filters over a million items) of about 16 s of CPU here, in
 * little memory: far past any time limit, and one step, so the engine's own time check never runs.
 */
const LONG_STEP = `{{ (1..1000000)${' | where: "a", nil'.repeat(14)} | size }}`;

const HOSTILE: ReadonlyArray<{ name: string; body: string; error: RegExp }> = [
  // Stopped at the time limit; on a machine fast enough to finish the step first, by the engine.
  {
    name: 'huge-range-filter',
    body: LONG_STEP,
    error: /rendering took longer than 5000 ms and was stopped|template render limit exceeded/,
  },
  {
    name: 'for-over-huge-range',
    body: '{% for i in (1..100000000) %}{{ i }}{% endfor %}',
    error: /a value of 100000000 characters or items is over the limit of 1048576/,
  },
  {
    name: 'doubling-string',
    body: '{% assign s = "xxxxxxxx" %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ s }}',
    error: /over the limit of 1048576|memory alloc limit exceeded|template render limit exceeded/,
  },
  {
    name: 'doubling-capture',
    body: '{% assign s = "xxxxxxxx" %}{% for i in (1..60) %}{% capture s %}{{ s }}{{ s }}{% endcapture %}{% endfor %}{{ s }}',
    error:
      /output over 1048576 bytes|over the limit of 1048576|memory alloc limit exceeded|template render limit exceeded/,
  },
  {
    name: 'join-over-huge-array',
    body: '{% assign a = (1..1000000) %}{{ a | join: "," }}',
    error: /over the limit of 1048576/,
  },
  {
    name: 'body-over-1mib',
    body: `{% assign k = "${'x'.repeat(1024)}" %}{% for i in (1..1025) %}{{ k }}{% endfor %}`,
    error: /body: output over 1048576 bytes/,
  },
];

describe('hostile templated answers', () => {
  let rehook: TestRehook;
  before(async () => {
    // Long enough that the templates the engine's counting refuses are refused by it, however
    // busy the machine (the time limit itself is proved in test/unit/template-renderer.test.ts).
    rehook = await startTestRehook({ env: { REHOOK_TEMPLATE_TIMEOUT: '5s' } });
  });
  after(() => rehook.stop());

  test('each is stopped: the sender gets the default answer, the event records why', { timeout: 120_000 }, async () => {
    // One inbox each: an inbox whose render was stopped is not rendered for a while (cooldown).
    for (const { name, body, error } of HOSTILE) {
      const inboxId = await createInbox(rehook);
      const put = await putResponse(rehook, inboxId, {
        status: 409,
        body: 'not rendered',
        rules: [{ match: { pathPrefix: `/${name}` }, response: { status: 200, body, template: true } }],
      });
      assert.equal(put.status, 200, put.text);
      const sent = await ingest(rehook, 'POST', `/i/${inboxId}/${name}`);
      assert.equal(sent.status, 409, `${name}: ${sent.body.toString().slice(0, 200)}`);
      assert.equal(sent.body.toString(), 'not rendered', name);
      const recorded = (await answerAt(rehook, `/i/${inboxId}/${name}`)) as { rule: unknown; error: string };
      assert.equal(recorded.rule, null, name);
      assert.match(recorded.error, /^rule 0: /, name);
      assert.match(recorded.error, error, name);
      if (recorded.error.includes('took longer than')) {
        // Stopped at the time limit: this inbox is not rendered during its cooldown, others are.
        const again = await ingest(rehook, 'POST', `/i/${inboxId}/${name}/again`);
        assert.equal(again.status, 409);
        const cooled = (await answerAt(rehook, `/i/${inboxId}/${name}/again`)) as { error: string };
        assert.match(cooled.error, /^rule 0: a render of this inbox was stopped less than 10000 ms ago; not rendered$/);
      }
    }
    // The threads that outlived the limit were replaced: a plain template renders again.
    const inboxId = await createInbox(rehook);
    const fine = await putResponse(rehook, inboxId, { status: 201, body: 'hello {{ method }}', template: true });
    assert.equal(fine.status, 200, fine.text);
    const hello = await ingest(rehook, 'PUT', `/i/${inboxId}/x`);
    assert.equal(hello.status, 201);
    assert.equal(hello.body.toString(), 'hello PUT');
  });

  test('a preview of a hostile template is stopped the same way', { timeout: 60_000 }, async () => {
    const inboxId = await createInbox(rehook);
    await ingest(rehook, 'POST', `/i/${inboxId}/seed`);
    const [eventId] = await eventIdsByPath(rehook, `/i/${inboxId}/seed`);
    assert.ok(eventId);
    const preview = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/responses/preview`, {
      method: 'POST',
      json: { response: { status: 202, body: LONG_STEP, template: true }, eventId },
    });
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.body.data.preview.answer.status, 200, 'the contract answer: the default itself failed');
    assert.match(
      preview.body.data.preview.error,
      /^default answer: (rendering took longer than 5000 ms and was stopped|.*template render limit exceeded)/,
    );
  });
});

describe('while a template renders', () => {
  let rehook: TestRehook;
  before(async () => {
    // A limit far past the attacker's one step (many seconds): the attacker's render is still
    // running when the others have been answered, however busy the machine (a slow machine
    // slows the step as much as the others), and the test ends it by closing the renderer.
    // Two threads: the second serves other inboxes' templates while the first is held.
    rehook = await startTestRehook({ env: { REHOOK_TEMPLATE_TIMEOUT: '120s', REHOOK_TEMPLATE_THREADS: '2' } });
  });
  after(() => rehook.stop());

  test('health checks and other inboxes answer before the render is stopped', { timeout: 60_000 }, async () => {
    const attacker = await createInbox(rehook);
    assert.equal((await putResponse(rehook, attacker, { body: LONG_STEP, template: true })).status, 200);
    const plain = await createInbox(rehook);
    assert.equal((await putResponse(rehook, plain, { status: 202, body: 'plain' })).status, 200);
    const templated = await createInbox(rehook);
    const put = await putResponse(rehook, templated, { status: 203, body: 'hi {{ method }}', template: true });
    assert.equal(put.status, 200);

    const order: string[] = [];
    const attack = ingest(rehook, 'POST', `/i/${attacker}/x`).then((response) => {
      order.push('attacker');
      return response;
    });
    const templates = rehook.deps.templates;
    assert.ok(templates, 'the server renders on its own threads');
    // Until its render runs (or, were it to render on the event loop, until it has been answered).
    await waitFor('the attacker render to start', async () =>
      templates.stats().running > 0 || order.length > 0 ? true : undefined,
    );

    const health = await fetch(`${rehook.ingestUrl}/healthz`);
    order.push(`ingest /healthz ${health.status}`);
    const apiHealth = await fetch(`${rehook.apiUrl}/healthz`);
    order.push(`api /healthz ${apiHealth.status}`);
    const other = await ingest(rehook, 'POST', `/i/${plain}/y`);
    order.push(`other inbox ${other.status} ${other.body.toString()}`);
    // The second render thread serves other inboxes' templates meanwhile.
    const otherTemplated = await ingest(rehook, 'POST', `/i/${templated}/z`);
    order.push(`templated inbox ${otherTemplated.status} ${otherTemplated.body.toString()}`);

    // Everything else was answered while the attacker's render still runs.
    assert.deepEqual(order, [
      'ingest /healthz 200',
      'api /healthz 200',
      'other inbox 202 plain',
      'templated inbox 203 hi POST',
    ]);
    assert.equal(templates.stats().running, 1, "the attacker's render still runs");
    await templates.close();
    const attacked = await attack;
    assert.deepEqual(order.at(-1), 'attacker');
    assert.equal(attacked.status, 200);
    assert.equal(attacked.body.toString(), '{"ok":true}');
    const recorded = (await answerAt(rehook, `/i/${attacker}/x`)) as { error: string };
    assert.equal(recorded.error, 'default answer: the server is shutting down');
  });
});
