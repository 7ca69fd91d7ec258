import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ForwardingInputSchema } from '../../src/domain/forwarding.js';
import { ForwardingSchema, forwardingJson } from '../../src/http/api/forwarding/schemas.js';

/**
 * Forwarding's answer is made from its request schema: a setting added there is answered (and
 * documented) as it is stated there, without a line in the answer's schema or presenter.
 */

describe("forwarding's answer", () => {
  it('holds every current setting of the request schema, required, and the read-only fields; not the old name', () => {
    const current = Object.entries(ForwardingInputSchema.properties)
      .filter(([, schema]) => schema['deprecated'] !== true)
      .map(([key]) => key);
    const expected = ['inboxId', ...current, 'createdAt', 'updatedAt'];
    assert.deepEqual(Object.keys(ForwardingSchema.properties), expected);
    assert.deepEqual([...ForwardingSchema.required].sort(), [...expected].sort());
    const answered: Readonly<Record<string, unknown>> = ForwardingSchema.properties;
    const taken: Readonly<Record<string, unknown>> = ForwardingInputSchema.properties;
    const plain = (schema: unknown) => JSON.parse(JSON.stringify(schema));
    for (const key of current.filter((name) => name !== 'destination')) {
      assert.deepEqual(plain(answered[key]), plain(taken[key]), key);
    }
  });

  it('is what the presenter writes: every setting, the destination as the view may see it', () => {
    const forwarding = {
      inboxId: 'inb_x',
      destination: 'https://user:secret@hooks.example.com/in/abc?key=1',
      enabled: false,
      maxAttempts: 4,
      maxDelayMs: 60_000,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date('2026-01-02T00:00:00Z'),
    };
    const whole = forwardingJson(forwarding, 'whole');
    assert.deepEqual(Object.keys(whole), Object.keys(ForwardingSchema.properties));
    assert.deepEqual(whole, {
      ...forwarding,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    assert.equal(forwardingJson(forwarding, 'redacted').destination, 'https://hooks.example.com/***');
  });
});
