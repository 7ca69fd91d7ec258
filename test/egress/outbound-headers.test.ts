import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { HeaderPair } from '../../src/domain/captured-event.js';
import { buildOutboundHeaders, DROPPED_HEADER_NAMES, flattenHeaders } from '../../src/egress/outbound-headers.js';

describe('buildOutboundHeaders', () => {
  it('drops every documented name whatever its case', () => {
    for (const name of DROPPED_HEADER_NAMES) {
      for (const variant of [name, name.toUpperCase(), name[0]?.toUpperCase() + name.slice(1)]) {
        const out = buildOutboundHeaders([
          [variant, 'v'],
          ['X-Keep', '1'],
        ]);
        assert.deepEqual(out, [['X-Keep', '1']], variant);
      }
    }
  });

  it('documents the hop-by-hop, recomputed and redacted names', () => {
    const hop = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te'];
    const expected = [...hop, 'trailer', 'upgrade', 'expect', 'host', 'content-length', 'authorization', 'cookie'];
    assert.deepEqual([...DROPPED_HEADER_NAMES].sort(), expected.sort());
  });

  it('drops proxy-* headers and headers nominated by Connection (all Connection headers)', () => {
    const stored: HeaderPair[] = [
      ['Connection', 'keep-alive, X-Hop-A'],
      ['connection', ' x-hop-b ,,'],
      ['X-Hop-A', '1'],
      ['X-HOP-B', '2'],
      ['Proxy-Authorization', 'Basic x'],
      ['proxy-foo', 'y'],
      ['X-Proxy-Id', 'kept: only the prefix counts'],
      ['X-Other', '3'],
    ];
    assert.deepEqual(buildOutboundHeaders(stored), [
      ['X-Proxy-Id', 'kept: only the prefix counts'],
      ['X-Other', '3'],
    ]);
  });

  it('drops redacted headers instead of sending the placeholder', () => {
    const stored: HeaderPair[] = [
      ['AuThOrIzAtIoN', '[REDACTED]'],
      ['COOKIE', '[REDACTED]'],
      ['X-A', 'b'],
    ];
    assert.deepEqual(buildOutboundHeaders(stored), [['X-A', 'b']]);
  });

  it('keeps signature headers, order, duplicates, case and latin1 values untouched', () => {
    const stored: HeaderPair[] = [
      ['Stripe-Signature', 't=1,v1=abc'],
      ['X-Hub-Signature-256', 'sha256=00'],
      ['x-dup', 'a'],
      ['X-Dup', 'b'],
      ['X-Latin', 'caf\u00e9'],
    ];
    assert.deepEqual(buildOutboundHeaders(stored), stored);
  });

  it('is a stable filter: output is an order-preserving subsequence without dropped names', () => {
    const name = fc.oneof(
      fc.constantFrom(...DROPPED_HEADER_NAMES, 'Proxy-X', 'X-A', 'x-a', 'Stripe-Signature'),
      fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,10}$/),
    );
    const pairs = fc.array(fc.tuple(name, fc.string({ maxLength: 8 })), { maxLength: 30 });
    fc.assert(
      fc.property(pairs, (stored) => {
        const out = buildOutboundHeaders(stored);
        let i = 0;
        for (const pair of out) {
          while (i < stored.length && stored[i] !== pair) i++;
          if (i === stored.length) return false;
          i++;
        }
        const lower = new Set(DROPPED_HEADER_NAMES);
        return out.every(([n]) => {
          const l = n.toLowerCase();
          return !lower.has(l) && !l.startsWith('proxy-');
        });
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('flattenHeaders', () => {
  it("produces undici's flat [name, value, ...] form", () => {
    assert.deepEqual(
      flattenHeaders([
        ['A', '1'],
        ['a', '2'],
      ]),
      ['A', '1', 'a', '2'],
    );
  });
});
