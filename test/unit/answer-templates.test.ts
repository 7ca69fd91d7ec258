import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChosenAnswer, ResponseAnswer } from '../../src/domain/inbox-response.js';
import {
  firstTemplateProblem,
  parseTemplate,
  resolveAnswer,
  templateScope,
  type TemplateRequest,
} from '../../src/services/answer-templates.js';

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
});
