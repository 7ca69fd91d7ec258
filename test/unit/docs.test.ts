import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { replaceConfigTable } from '../../src/config/docs.js';
import { SETTINGS } from '../../src/config/schema.js';

describe('generated documentation', () => {
  for (const file of ['README.md', 'docs/configuration.md']) {
    it(`${file} carries the current configuration table (run npm run docs:write)`, () => {
      const current = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      assert.equal(current, replaceConfigTable(current));
      for (const spec of SETTINGS) assert.ok(current.includes(spec.env), spec.env);
    });
  }
});
