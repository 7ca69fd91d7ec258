import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applySignatureHeaders } from '../../src/cli/listen/deliver.js';
import { backoffDelay } from '../../src/cli/listen/backoff.js';
import {
  normalisePrefix,
  parseForwardRules,
  parseMethods,
  passesFilters,
  routeFor,
  subPathOf,
  targetUrl,
} from '../../src/cli/listen/rules.js';

// The pure parts of `rehook listen`, no server or target needed: parsing --forward-to and
// --only-method, routing by path prefix and building target URLs, filters, putting re-signed
// headers in place of the captured ones, and the retry backoff.

describe('rules and filters (pure)', () => {
  test('--forward-to values: bare URL, prefix rules, errors', () => {
    const rules = parseForwardRules(['http://localhost:3000/hooks', '/stripe/=http://localhost:4000/s?k=1']);
    assert.deepEqual(
      rules.map((rule) => [rule.prefix, rule.url.href]),
      [
        ['/', 'http://localhost:3000/hooks'],
        ['/stripe', 'http://localhost:4000/s?k=1'],
      ],
    );
    assert.throws(() => parseForwardRules([]), /--forward-to/);
    assert.throws(() => parseForwardRules(['/stripe']), /no URL/);
    assert.throws(() => parseForwardRules(['ftp://x']), /http or https/);
    assert.throws(() => parseForwardRules(['localhost:3000']), /http or https/);
    assert.throws(() => parseForwardRules(['/a=http://x', '/a/=http://y']), /two --forward-to rules/);
    assert.deepEqual(parseMethods(['post,Put', 'GET', 'post']), ['POST', 'PUT', 'GET']);
    assert.throws(() => parseMethods(['PO ST']), /not an HTTP method/);
    assert.equal(normalisePrefix('a/b/'), '/a/b');
    assert.equal(normalisePrefix('/'), '/');
  });

  test('target URLs: sub-path appended (one slash), prefix cut, queries joined, bytes kept', () => {
    const [bare, stripe] = parseForwardRules(['http://l:3000/hooks', '/stripe=http://l:4000/s/?k=1']);
    assert.ok(bare && stripe);
    assert.equal(targetUrl(bare, subPathOf('/i/inb_a', 'inb_a'), ''), 'http://l:3000/hooks');
    assert.equal(targetUrl(bare, subPathOf('/i/inb_a/', 'inb_a'), 'a=1'), 'http://l:3000/hooks?a=1');
    assert.equal(
      targetUrl(bare, subPathOf('/i/inb_a/x%20y/z', 'inb_a'), 'e=%C3%A9&e'),
      'http://l:3000/hooks/x%20y/z?e=%C3%A9&e',
    );
    assert.equal(targetUrl(stripe, '/stripe/v1', 'q=2'), 'http://l:4000/s/v1?k=1&q=2');
    assert.equal(targetUrl(stripe, '/stripe', ''), 'http://l:4000/s/?k=1');
    assert.equal(routeFor([bare, stripe], '/stripey'), bare);
    assert.equal(routeFor([bare, stripe], '/stripe/v1'), stripe);
    assert.equal(routeFor([stripe], '/github'), undefined);
    assert.ok(passesFilters({ methods: ['POST'], paths: ['/a'] }, 'post', '/a/b'));
    assert.ok(!passesFilters({ methods: ['POST'], paths: ['/a'] }, 'POST', '/ab'));
  });

  test('re-signed headers replace same-named ones in place (case-insensitively, duplicates dropped) or are appended', () => {
    const captured: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['stripe-signature', 'old1'],
      ['X-A', '1'],
      ['Stripe-Signature', 'old2'],
    ];
    assert.deepEqual(applySignatureHeaders(captured, [['Stripe-Signature', 'new']]), [
      ['Content-Type', 'application/json'],
      ['Stripe-Signature', 'new'],
      ['X-A', '1'],
    ]);
    assert.deepEqual(
      applySignatureHeaders(
        [['X-A', '1']],
        [
          ['webhook-id', 'm'],
          ['webhook-signature', 's'],
        ],
      ),
      [
        ['X-A', '1'],
        ['webhook-id', 'm'],
        ['webhook-signature', 's'],
      ],
    );
  });

  test('backoff: capped, with jitter between half and all of the step', () => {
    const policy = { baseMs: 100, capMs: 10_000 };
    assert.equal(
      backoffDelay(policy, 0, () => 0),
      50,
    );
    assert.equal(
      backoffDelay(policy, 0, () => 1),
      100,
    );
    assert.equal(
      backoffDelay(policy, 3, () => 1),
      800,
    );
    assert.equal(
      backoffDelay(policy, 40, () => 1),
      10_000,
    );
    assert.equal(
      backoffDelay(policy, 40, () => 0),
      5_000,
    );
  });
});
