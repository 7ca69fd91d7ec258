import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  admit,
  describeWindow,
  escapeSlackText,
  inQuietHours,
  notificationBody,
  parseAlertRules,
  summaryDue,
} from '../../src/domain/alerts.js';
import { literalRefusal } from '../../src/egress/client.js';
import { AlertRuleInputSchema } from '../../src/domain/alert-rule-schema.js';

const newId = () => 'alr_new';
const rule = (extra: Record<string, unknown>) => ({ name: 'r', kind: 'event', url: 'https://example.com/a', ...extra });

describe('alert rules: parsing', () => {
  it('fills defaults and keeps what was sent', () => {
    const parsed = parseAlertRules({ rules: [rule({}), rule({ id: 'alr_k1', kind: 'forwarding' })] }, newId);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, [
      {
        id: 'alr_new',
        name: 'r',
        kind: 'event',
        filter: '',
        url: 'https://example.com/a',
        format: 'json',
        enabled: true,
      },
      {
        id: 'alr_k1',
        name: 'r',
        kind: 'forwarding',
        failures: 3,
        url: 'https://example.com/a',
        format: 'json',
        enabled: true,
      },
    ]);
  });

  it('names the first problem with its path', () => {
    const problem = (body: Record<string, unknown>) => {
      const parsed = parseAlertRules(body, newId);
      assert.ok(!parsed.ok);
      return parsed.problem;
    };
    assert.deepEqual(problem({ rules: [rule({ url: 'gopher://x' })] }).code, 'destination');
    assert.equal(problem({ rules: [rule({ filter: 'method=BAD METHOD' })] }).path, '/rules/0/filter');
    assert.equal(problem({ rules: [rule({ kind: 'drift', filter: 'q=x' })] }).path, '/rules/0/filter');
    assert.equal(
      problem({ rules: [rule({ quietHours: { start: '25:00', end: '07:00', timeZone: 'UTC' } })] }).path,
      '/rules/0/quietHours/start',
    );
    assert.equal(
      problem({ rules: [rule({ quietHours: { start: '07:00', end: '07:00', timeZone: 'UTC' } })] }).path,
      '/rules/0/quietHours/end',
    );
    assert.equal(
      problem({ rules: [rule({ quietHours: { start: '01:00', end: '07:00', timeZone: 'Nowhere/City' } })] }).path,
      '/rules/0/quietHours/timeZone',
    );
    assert.equal(problem({ rules: [rule({ id: 'alr_a' }), rule({ id: 'alr_a' })] }).path, '/rules/1/id');
    assert.equal(problem({ rules: [], extra: 1 }).path, '/extra');
  });

  it("accepts exactly the fields of the API's rule schema", () => {
    const refused = (extra: Record<string, unknown>) => {
      const parsed = parseAlertRules({ rules: [rule(extra)] }, newId);
      return parsed.ok ? null : parsed.problem;
    };
    assert.deepEqual(refused({ colour: 'red' }), {
      path: '/rules/0/colour',
      message: 'Unknown field colour in rule 0',
    });
    // Every field the schema documents gets past the field check (a wrong value may still be refused).
    for (const field of Object.keys(AlertRuleInputSchema.properties)) {
      assert.doesNotMatch(refused({ [field]: null })?.message ?? '', /Unknown field/, field);
    }
  });
});

describe('alert rules: quiet hours', () => {
  it('honours the time zone and windows that wrap past midnight', () => {
    const night = { start: '22:00', end: '07:00', timeZone: 'Europe/Paris' };
    assert.equal(inQuietHours(night, new Date('2026-01-01T21:30:00Z')), true); // 22:30 in Paris
    assert.equal(inQuietHours(night, new Date('2026-01-01T05:59:00Z')), true); // 06:59
    assert.equal(inQuietHours(night, new Date('2026-01-01T06:00:00Z')), false); // 07:00, end excluded
    assert.equal(inQuietHours(night, new Date('2026-07-01T20:00:00Z')), true); // 22:00 summer time
    assert.equal(inQuietHours(night, new Date('2026-07-01T19:59:00Z')), false);
    const lunch = { start: '12:00', end: '13:00', timeZone: 'UTC' };
    assert.equal(inQuietHours(lunch, new Date('2026-01-01T12:30:00Z')), true);
    assert.equal(inQuietHours(lunch, new Date('2026-01-01T13:00:00Z')), false);
  });
});

describe('alert rules: rate limit', () => {
  it('sends up to max per window, counts the rest, and closes the window into a summary', () => {
    const limit = { max: 2, windowSeconds: 60 };
    let step = admit(undefined, limit, 0);
    assert.equal(step.decision, 'send');
    step = admit(step.window, limit, 1000);
    assert.equal(step.decision, 'send');
    for (let i = 0; i < 10; i += 1) {
      step = admit(step.window, limit, 2000 + i);
      assert.equal(step.decision, 'suppress');
    }
    assert.equal(step.window.suppressed, 10);
    assert.equal(summaryDue(step.window, limit, 59_999), false);
    assert.equal(summaryDue(step.window, limit, 60_000), true);
    const next = admit(step.window, limit, 60_000);
    assert.equal(next.decision, 'send');
    assert.equal(next.closed?.suppressed, 10);
  });

  it('describes windows in words', () => {
    assert.equal(describeWindow(60), 'the last minute');
    assert.equal(describeWindow(300), 'the last 5 minutes');
    assert.equal(describeWindow(7200), 'the last 2 hours');
    assert.equal(describeWindow(45), 'the last 45 seconds');
  });
});

describe('alert notifications', () => {
  it("are JSON, or Slack's incoming-webhook shape", () => {
    const message = {
      type: 'alert' as const,
      text: 'hi',
      inboxId: 'inb_x',
      rule: { id: 'alr_1', name: 'n', kind: 'event' as const },
      at: '2026-01-01T00:00:00.000Z',
    };
    assert.deepEqual(JSON.parse(notificationBody('json', message)), message);
    assert.deepEqual(JSON.parse(notificationBody('slack', message)), { text: '[Rehook] hi' });
  });

  it("escape Slack's control characters, and only those, in the Slack shape", () => {
    assert.equal(
      escapeSlackText('<!channel> <@U1> <http://x|y> a&b *c*'),
      '&lt;!channel&gt; &lt;@U1&gt; &lt;http://x|y&gt; a&amp;b *c*',
    );
    const message = {
      type: 'alert' as const,
      text: 'Event (POST /<!here>) matched rule "A & B"',
      inboxId: 'inb_x',
      rule: { id: 'alr_1', name: 'A & B', kind: 'event' as const },
      at: '2026-01-01T00:00:00.000Z',
    };
    assert.deepEqual(JSON.parse(notificationBody('slack', message)), {
      text: '[Rehook] Event (POST /&lt;!here&gt;) matched rule "A &amp; B"',
    });
    // JSON keeps the text as sent: JSON.stringify escapes it for JSON.
    assert.equal(JSON.parse(notificationBody('json', message)).text, message.text);
  });

  it('URLs the default egress policy refuses are known without a lookup', () => {
    const policy = { allowPrivate: false };
    assert.equal(literalRefusal(new URL('http://127.0.0.1:9/x'), policy), 'loopback');
    assert.equal(literalRefusal(new URL('http://localhost/x'), policy), 'loopback');
    assert.equal(literalRefusal(new URL('http://[::1]/x'), policy), 'loopback');
    assert.equal(literalRefusal(new URL('http://169.254.169.254/'), { allowPrivate: true }), 'metadata');
    assert.equal(literalRefusal(new URL('https://example.com/'), policy), null);
    assert.equal(literalRefusal(new URL('http://127.0.0.1/'), { allowPrivate: true }), null);
  });
});
