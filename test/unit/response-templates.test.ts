import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChosenAnswer, ResponseAnswer } from '../../src/domain/response.js';
import {
  firstTemplateProblem,
  parseTemplate,
  renderAnswer,
  resolveAnswer,
  TEMPLATE_LIMITS,
  templateScope,
  type TemplateRequest,
} from '../../src/services/response-templates.js';

const request: TemplateRequest = {
  eventId: 'evt_1',
  method: 'POST',
  subPath: '/hooks',
  query: 'a=1&a=2&b=%20x',
  headers: [
    ['X-Dup', '1'],
    ['x-dup', '2'],
    ['Authorization', '[REDACTED]'],
  ],
  body: Buffer.from('{"n":12345678901234567890}'),
  receivedAt: new Date('2026-11-27T10:00:00.000Z'),
};

const answer = (body: string, template = true, status = 200): ResponseAnswer => ({
  status,
  headers: [],
  body: Buffer.from(body),
  delayMs: 0,
  template,
});

describe('templated answers', () => {
  it('the scope reads query by name, headers by lower-case name, JSON bodies losslessly', () => {
    const scope = templateScope(request) as Record<string, any>;
    assert.deepEqual(scope['query'], { a: '1', b: ' x' });
    assert.equal(scope['headers']['x-dup'], '1, 2');
    assert.equal(scope['headers']['authorization'], '[REDACTED]');
    assert.equal(String(scope['body'].n), '12345678901234567890');
    assert.equal(scope['now'], '2026-11-27T10:00:00.000Z');
    assert.match(scope['uuid'], /^[0-9a-f-]{36}$/);
  });

  it('shows a tag left open as typed, without the escapes of a JSON string', () => {
    assert.throws(
      () => parseTemplate('{{ body.data.object.id"}'),
      (err: Error) => {
        assert.match(err.message, /^output `\{\{ body\.data\.object\.id"\}` not closed, line:1, col:1/);
        assert.doesNotMatch(err.message, /\\"/);
        return true;
      },
    );
  });

  it('parses each distinct template once', () => {
    assert.equal(parseTemplate('{{ method }} once'), parseTemplate('{{ method }} once'));
  });

  it('names the first template that does not parse, with its line and column', () => {
    const problem = firstTemplateProblem({
      answer: answer('fine {{ method }}'),
      rules: [{ match: { method: null, pathPrefix: null, header: null }, response: answer('a\n{% if %}') }],
    });
    assert.equal(problem?.path, '/rules/0/response/body');
    assert.match(problem?.message ?? '', /line:2, col:\d+/);
    assert.equal(firstTemplateProblem({ answer: answer('{{ x', false), rules: [] }), null, 'no flag, no parse');
  });

  it('a failing rule falls back to the default answer and says why', () => {
    const chosen: ChosenAnswer = {
      answer: answer('{% for i in (1..100000000) %}{% endfor %}', true, 201),
      record: { rule: 3, status: 201 },
      defaultAnswer: answer('default {{ method }}', true, 202),
    };
    const resolved = resolveAnswer(chosen, request);
    assert.equal(resolved.answer?.body.toString(), 'default POST');
    assert.equal(resolved.record.rule, null);
    assert.equal(resolved.record.status, 202);
    assert.match(resolved.record.error ?? '', /^rule 3: body: /);
  });

  it("reads only the request's own properties: constructor, __proto__ and prototype render empty", () => {
    const scope = templateScope({ ...request, body: Buffer.from('{"a":{"b":1},"list":[1]}') });
    const probes = [
      '{{ body.constructor }}',
      '{{ body.__proto__ }}',
      '{{ body.constructor.prototype }}',
      '{{ body.a.constructor.name }}',
      '{{ body.list.constructor }}',
      '{{ query.__proto__.toString }}',
      '{{ headers.constructor.prototype.hasOwnProperty }}',
      '{{ method.constructor }}',
      '{{ event.__proto__.constructor }}',
    ];
    for (const probe of probes) {
      const rendered = renderAnswer(answer(`[${probe}]`), scope).body.toString();
      assert.equal(rendered, '[]', `${probe} must not reach the prototype chain`);
    }
  });

  it('a body of exactly 1 MiB is sent; one more byte, or more output while rendering, fails the render', () => {
    assert.equal(TEMPLATE_LIMITS.maxRenderedBodyBytes, 1024 * 1024);
    const kib = 'x'.repeat(1024);
    const exact = renderAnswer(
      answer(`{% assign k = "${kib}" %}{% for i in (1..1024) %}{{ k }}{% endfor %}`),
      templateScope(request),
      600_000,
    );
    assert.equal(exact.body.length, TEMPLATE_LIMITS.maxRenderedBodyBytes);
    // One byte over, written as a last piece: the body is refused, not sent cut short.
    assert.throws(
      () =>
        renderAnswer(
          answer(`{% assign k = "${kib}" %}{% for i in (1..1024) %}{{ k }}{% endfor %}!`),
          templateScope(request),
          600_000,
        ),
      /^TemplateError: body: output over 1048576 bytes/,
    );
    // Multi-byte characters: under the limit in characters, over it in bytes.
    assert.throws(
      () =>
        renderAnswer(
          answer(`{% assign k = "${'é'.repeat(1024)}" %}{% for i in (1..600) %}{{ k }}{% endfor %}`),
          templateScope(request),
          600_000,
        ),
      /^TemplateError: body: output over 1048576 bytes/,
    );
    // Output stops at the limit while rendering: a loop that would write 100 MiB fails there.
    assert.throws(
      () =>
        renderAnswer(
          answer(`{% assign k = "${kib}" %}{% for i in (1..102400) %}{{ k }}{% endfor %}`),
          templateScope(request),
          600_000,
        ),
      /^TemplateError: body: output over 1048576 bytes/,
    );
  });

  it("every value a render makes counts: ranges, array filters, captures, Rehook's own filters", () => {
    const big = { ...request, body: Buffer.from(`"${'a'.repeat(600 * 1024)}"`) };
    const failures: Array<[string, RegExp]> = [
      // A range larger than any value may be, in a filter or a loop.
      ['{{ (1..2000000) | size }}', /over the limit of 1048576/],
      ['{% for i in (1..100000000) %}{% endfor %}', /over the limit of 1048576/],
      // An array filter's result.
      ['{% assign a = (1..200000) %}{{ a | join: "," | size }}', /over the limit of 1048576/],
      // Text that doubles, through capture (the engine's own capture counts nothing).
      [
        '{% assign s = "xxxxxxxx" %}{% for i in (1..40) %}{% capture s %}{{ s }}{{ s }}{% endcapture %}{% endfor %}{{ s | size }}',
        /over 1048576 bytes|over the limit of 1048576|memory alloc limit exceeded/,
      ],
      // Many values, each under the cap: the total is capped (16 Mi).
      [
        '{% for i in (1..40) %}{% assign e = rawBody | base64 %}{% endfor %}{{ e | size }}',
        /memory alloc limit exceeded/,
      ],
      ['{% for i in (1..40) %}{% assign e = body | json %}{% endfor %}{{ e | size }}', /memory alloc limit exceeded/],
      [
        '{% for i in (1..40) %}{% capture c %}{{ rawBody }}{% endcapture %}{% endfor %}{{ c | size }}',
        /memory alloc limit exceeded/,
      ],
    ];
    for (const [template, expected] of failures) {
      // No time limit to speak of: only the count may stop these, however busy the machine.
      assert.throws(() => renderAnswer(answer(template), templateScope(big), 600_000), expected, template);
    }
  });
});
