// Templated answers, end to end against a real server: rendering against the request, the
// refusal at save of a template that does not parse (with line and column), the fallback to the
// default answer with the error recorded on the event, and the preview endpoint.
//
//   node --import tsx --test test/integration/ingest/responses-template.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/integration/ingest/responses-template.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { api, startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { createInbox, eventIdsByPath } from './fixtures.js';
import { answerAt, ingest, putResponse, sentHeaders } from './responses-support.js';

const JSON_TYPE = [['Content-Type', 'application/json']] as const;

describe('templated answers', () => {
  let rehook: TestRehook;
  before(async () => {
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  test('header values and body render against the request; without the flag braces are sent as they are', async () => {
    const inboxId = await createInbox(rehook);
    const put = await putResponse(rehook, inboxId, {
      status: 202,
      headers: [
        ['X-Echo-Method', '{{ method | downcase }}'],
        ['X-Static', 'no braces, no change'],
      ],
      body: '{"received":"{{ body.data.object.id }}","source":"{{ query.source | default: \'none\' }}"}',
      template: true,
      rules: [
        {
          match: { pathPrefix: '/echo' },
          response: {
            status: 200,
            headers: [['X-Event', '{{ event.id }}']],
            body:
              '{{ path }}|{{ query.a }}|{{ headers["x-dup"] }}|{{ body | json }}|{{ rawBody | base64 }}|' +
              '{{ body.big }}|{{ "x" | upcase }}|{{ uuid | size }}|{{ now | slice: 0, 2 }}|{{ missing | default: "d" }}',
            template: true,
          },
        },
        { match: { pathPrefix: '/plain' }, response: { status: 200, body: 'hello {{ body.id }}' } },
      ],
    });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.body.data.response.template, true);
    assert.equal(put.body.data.response.rules[1].response.template, undefined, 'shown only when true');

    const stripe = await ingest(rehook, 'POST', `/i/${inboxId}/stripe?source=test`, {
      headers: JSON_TYPE,
      body: Buffer.from('{"data":{"object":{"id":"in_123"}}}'),
    });
    assert.equal(stripe.status, 202);
    assert.equal(stripe.body.toString(), '{"received":"in_123","source":"test"}');
    const header = sentHeaders(stripe).find(([name]) => name === 'x-echo-method');
    assert.deepEqual(header, ['x-echo-method', 'post']);
    assert.ok(sentHeaders(stripe).some(([name, value]) => name === 'x-static' && value === 'no braces, no change'));
    assert.deepEqual(await answerAt(rehook, `/i/${inboxId}/stripe`), { rule: null, status: 202 });

    const raw = '{"big":12345678901234567890,"n":[1,2]}';
    const echo = await ingest(rehook, 'PUT', `/i/${inboxId}/echo/x?a=1&a=2`, {
      headers: [...JSON_TYPE, ['X-Dup', 'one'], ['x-dup', 'two']],
      body: Buffer.from(raw),
    });
    assert.equal(echo.status, 200, echo.body.toString());
    const [eventId] = await eventIdsByPath(rehook, `/i/${inboxId}/echo/x`);
    const parts = echo.body.toString().split('|');
    assert.deepEqual(parts, [
      '/echo/x',
      '1',
      'one, two',
      raw,
      Buffer.from(raw).toString('base64'),
      '12345678901234567890',
      'X',
      '36',
      '20',
      'd',
    ]);
    assert.ok(sentHeaders(echo).some(([name, value]) => name === 'x-event' && value === eventId));

    const plain = await ingest(rehook, 'POST', `/i/${inboxId}/plain`, { body: Buffer.from('{"id":1}') });
    assert.equal(plain.body.toString(), 'hello {{ body.id }}');
  });

  test('a template that does not parse is refused at save with its line and column', async () => {
    const inboxId = await createInbox(rehook);
    const cases: [unknown, string, RegExp][] = [
      [{ body: 'line one\n{{ body.id', template: true }, '/body', /line:2, col:1/],
      [{ body: '{% if x %}open', template: true }, '/body', /not closed, line:1, col:1/],
      [{ headers: [['X-A', '{{ x | nosuchfilter }}']], template: true }, '/headers/0/1', /undefined filter/],
      [{ body: '{% include "secrets" %}', template: true }, '/body', /include %\} is not available/],
      [
        { rules: [{ match: {}, response: { body: 'a\nb\n{{ }', template: true } }] },
        '/rules/0/response/body',
        /line:3/,
      ],
      [{ bodyBase64: '//79', template: true }, '/template', /UTF-8 text body/],
      [{ body: 'x', template: 'yes' }, '/template', /true or false/],
    ];
    for (const [input, path, message] of cases) {
      const res = await putResponse(rehook, inboxId, input);
      assert.equal(res.status, 400, `${JSON.stringify(input)}: ${res.text}`);
      assert.equal(res.body.error.code, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, message, res.text);
      assert.ok(res.body.error.message.includes(`at ${path}:`), res.text);
    }
    // The same braces without the flag are plain text.
    const plain = await putResponse(rehook, inboxId, { body: 'line one\n{{ body.id' });
    assert.equal(plain.status, 200, plain.text);
  });

  test('a render failure answers the default answer and the event records the error', async () => {
    const inboxId = await createInbox(rehook);
    const put = await putResponse(rehook, inboxId, {
      status: 418,
      body: 'default for {{ method }}',
      template: true,
      rules: [
        {
          match: { pathPrefix: '/loop' },
          response: {
            status: 201,
            body: '{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s }}',
            template: true,
          },
        },
        { match: { pathPrefix: '/bad-header' }, response: { headers: [['X-Bad', '{{ body }}']], template: true } },
      ],
    });
    assert.equal(put.status, 200, put.text);
    const loop = await ingest(rehook, 'POST', `/i/${inboxId}/loop`);
    assert.equal(loop.status, 418);
    assert.equal(loop.body.toString(), 'default for POST');
    const recorded = (await answerAt(rehook, `/i/${inboxId}/loop`)) as { rule: unknown; status: number; error: string };
    assert.equal(recorded.rule, null);
    assert.equal(recorded.status, 418);
    assert.match(recorded.error, /^rule 0: body: a value of \d+ characters or items is over the limit of 1048576/);

    const bad = await ingest(rehook, 'POST', `/i/${inboxId}/bad-header`, { body: Buffer.from('a\u0001b') });
    assert.equal(bad.status, 418);
    const badAnswer = (await answerAt(rehook, `/i/${inboxId}/bad-header`)) as { error: string };
    assert.match(badAnswer.error, /^rule 1: header X-Bad: /);

    // The default answer itself failing: the contract's 200.
    const onlyDefault = await putResponse(rehook, inboxId, {
      status: 500,
      body: '{{ s | slice: 0, "x" }}{% for i in (1..100000000) %}{% endfor %}',
      template: true,
    });
    assert.equal(onlyDefault.status, 200, onlyDefault.text);
    const contract = await ingest(rehook, 'POST', `/i/${inboxId}/again`);
    assert.equal(contract.status, 200);
    assert.equal(contract.body.toString(), '{"ok":true}');
    const contractAnswer = (await answerAt(rehook, `/i/${inboxId}/again`)) as {
      rule: unknown;
      status: number;
      error: string;
    };
    assert.equal(contractAnswer.status, 200);
    assert.match(contractAnswer.error, /^default answer: /);
    // The list shows the error too.
    const list = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events`);
    assert.ok(list.body.some((e: { answer: { error?: string } }) => e.answer.error?.startsWith('default answer: ')));
  });

  test('POST .../responses/preview renders a response against a captured event without saving it', async () => {
    const inboxId = await createInbox(rehook);
    await ingest(rehook, 'POST', `/i/${inboxId}/orders?source=shop`, {
      headers: JSON_TYPE,
      body: Buffer.from('{"order":{"id":"o_9"}}'),
    });
    const [eventId] = await eventIdsByPath(rehook, `/i/${inboxId}/orders`);
    const preview = (response: unknown, id = eventId) =>
      api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/responses/preview`, {
        method: 'POST',
        json: { response, eventId: id },
      });
    const ok = await preview({
      status: 201,
      headers: [['X-Order', '{{ body.order.id }}']],
      body: '{"id":"{{ body.order.id }}","from":"{{ query.source }}","event":"{{ event.id }}"}',
      template: true,
    });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body.data.preview, {
      answer: {
        status: 201,
        headers: [['X-Order', 'o_9']],
        body: `{"id":"o_9","from":"shop","event":"${eventId}"}`,
        delayMs: 0,
      },
      rule: null,
      error: null,
    });
    const nothing = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/response`);
    assert.equal(nothing.body.data.response, null, 'a preview saves nothing');

    const failing = await preview({
      status: 202,
      body: 'fallback',
      rules: [{ match: { method: 'POST' }, response: { body: '{{ x | slice: 0, "a" | nosuch }}', template: false } }],
    });
    assert.equal(failing.body.data.preview.rule, 0);
    const broken = await preview({ body: '{{ oops', template: true });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.error.code, 'VALIDATION_FAILED');
    assert.match(broken.body.error.message, /line:1, col:1/);

    const otherInbox = await createInbox(rehook);
    await ingest(rehook, 'POST', `/i/${otherInbox}/x`);
    const [otherEvent] = await eventIdsByPath(rehook, `/i/${otherInbox}/x`);
    const elsewhere = await preview({ body: 'x' }, otherEvent);
    assert.equal(elsewhere.status, 404, elsewhere.text);
    assert.equal(elsewhere.body.error.code, 'EVENT_NOT_FOUND');
  });
});
