/**
 * The body diff's property, judged by a JSON Patch library nobody here wrote (fast-json-patch):
 * for random pairs of JSON documents, the operations diffJson gives, sent as JSON text the way
 * the API sends them, applied to the first document give the second; none when they are equal.
 * Runs: REHOOK_DIFF_RUNS (default 300).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import fjp from 'fast-json-patch';
import { diffJson } from '../../src/domain/event-diff.js';
import { parseLosslessJson, stringifyLossless } from '../../src/domain/lossless-json.js';

const RUNS = Number(process.env['REHOOK_DIFF_RUNS'] ?? 300);

/**
 * JSON values, with a second drawn from the first now and then, so pairs share structure. No
 * "__proto__" key: fast-json-patch applies an operation by assignment (`object[key] = value`),
 * which for that key sets the prototype (or, for a value that is not an object, does nothing)
 * instead of adding the property JSON.parse makes, so the judge cannot build such a document.
 * The diff of "__proto__" keys has its own exact cases below.
 */
const json = fc.jsonValue({ maxDepth: 4 });
const pair = fc
  .oneof(
    fc.tuple(json, json),
    json.chain((a) => fc.tuple(fc.constant(a), mutate(a))),
  )
  .filter(([a, b]) => !`${JSON.stringify(a)}${JSON.stringify(b)}`.includes('"__proto__"'));

function mutate(value: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(value) && value.length > 0) {
    return fc
      .tuple(fc.nat(value.length - 1), json, fc.boolean())
      .map(([i, v, drop]) => (drop ? value.filter((_, j) => j !== i) : value.map((x, j) => (j === i ? v : x))));
  }
  if (typeof value === 'object' && value !== null && Object.keys(value).length > 0) {
    const keys = Object.keys(value);
    return fc.tuple(fc.constantFrom(...keys), json, fc.boolean()).map(([k, v, drop]) => {
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (drop) delete copy[k];
      else copy[k] = v;
      return copy;
    });
  }
  return json;
}

describe('diffJson against fast-json-patch', () => {
  it('its operations applied to the first document give the second', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const textA = JSON.stringify(a);
        const textB = JSON.stringify(b);
        const operations = JSON.parse(stringifyLossless(diffJson(parseLosslessJson(textA), parseLosslessJson(textB))));
        const first = JSON.parse(textA) as unknown;
        const second = JSON.parse(textB) as unknown;
        // Validation on; prototype keys allowed (the documents are data).
        const patched = fjp.applyPatch(first, operations, true, true, false).newDocument;
        assert.deepEqual(patched, second);
        if (textA === textB) assert.deepEqual(operations, []);
      }),
      { numRuns: RUNS },
    );
  });

  it('treats a "__proto__" key as data, like any other name', () => {
    const diff = (a: string, b: string): string =>
      stringifyLossless(diffJson(parseLosslessJson(a), parseLosslessJson(b)));
    assert.equal(diff('{}', '{"__proto__":""}'), '[{"op":"add","path":"/__proto__","value":""}]');
    assert.equal(diff('{"__proto__":""}', '{}'), '[{"op":"remove","path":"/__proto__","from":""}]');
    assert.equal(
      diff('{"__proto__":{"a":1}}', '{"__proto__":{"a":2}}'),
      '[{"op":"replace","path":"/__proto__/a","from":1,"value":2}]',
    );
    assert.equal(diff('{"__proto__":{"a":1}}', '{"__proto__":{"a":1}}'), '[]');
    assert.equal(({} as { a?: unknown }).a, undefined, 'no prototype was changed');
  });

  it('keeps numbers JavaScript cannot hold exactly', () => {
    fc.assert(
      fc.property(fc.bigInt(10n ** 17n, 10n ** 30n), fc.bigInt(1n, 1000n), (n, step) => {
        const a = parseLosslessJson(`{"n":${n}}`);
        const b = parseLosslessJson(`{"n":${n + step}}`);
        assert.equal(
          stringifyLossless(diffJson(a, b)),
          `[{"op":"replace","path":"/n","from":${n},"value":${n + step}}]`,
        );
        assert.deepEqual(diffJson(a, parseLosslessJson(`{"n":${n}}`)), []);
      }),
      { numRuns: 100 },
    );
  });
});
