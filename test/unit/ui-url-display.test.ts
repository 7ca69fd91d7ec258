import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { breakPieces, shortUrl } from '../../ui/src/lib/url-display.js';

describe('shortUrl', () => {
  it('shows host and path without the scheme when it fits', () => {
    assert.equal(shortUrl('http://127.0.0.1:1/hooks/stripe'), '127.0.0.1:1/hooks/stripe');
    assert.equal(shortUrl('https://example.com/'), 'example.com');
    assert.equal(shortUrl('https://example.com/?a=1'), 'example.com/?a=1');
  });

  it('shows a destination typed without a scheme as typed, never as its "path"', () => {
    assert.equal(shortUrl('localhost:19090/hooks'), 'localhost:19090/hooks');
    assert.equal(shortUrl('mailto:someone@example.com'), 'mailto:someone@example.com');
  });

  it('elides whole segments from the middle, keeping the host and the end', () => {
    const staging = shortUrl('http://127.0.0.1:1/hooks/stripe/staging/invoices');
    const production = shortUrl('http://127.0.0.1:41234/hooks/stripe/production/invoices');
    assert.equal(staging, '127.0.0.1:1/…/stripe/staging/invoices');
    assert.equal(production, '127.0.0.1:41234/…/production/invoices');
    assert.ok(staging.length <= 40 && production.length <= 40);
  });

  it('keeps the query with the last segment', () => {
    assert.equal(
      shortUrl('https://hooks.example.com/a/b/c/d/e/f/g/h/i/j/k/receive?source=x'),
      'hooks.example.com/…/j/k/receive?source=x',
    );
  });

  it('cuts the middle of the characters when no segment fits, or the text is not a URL', () => {
    const long = shortUrl('http://h.example.com/averyveryveryveryveryverylongsegmentthatdoesnotfit');
    assert.equal(long.length, 40);
    assert.ok(long.startsWith('h.example.com/') && long.endsWith('notfit') && long.includes('…'));
    assert.equal(shortUrl('not a url'), 'not a url');
  });
});

describe('breakPieces', () => {
  it('ends each piece after a run of separators, and keeps every character', () => {
    assert.deepEqual(breakPieces("/twilio/sms?source=curl'&a=b"), [
      '/',
      'twilio/',
      'sms?',
      'source=',
      "curl'&",
      'a=',
      'b',
    ]);
    assert.deepEqual(breakPieces('stripe-signature'), ['stripe-', 'signature']);
    assert.deepEqual(breakPieces('SmsMessageSid'), ['SmsMessageSid']);
    assert.deepEqual(breakPieces(''), []);
  });
});
