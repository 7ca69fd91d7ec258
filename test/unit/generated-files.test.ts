import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { driftOf, generatedFiles, readCommitted, WRITE_COMMAND } from '../../scripts/generated-files.js';

/**
 * Every file generated from the code (openapi.json, the client's types, the docs) is rendered
 * here in memory and compared with the committed one, so `npm test` fails when a route, a
 * setting, a command or an error code changed without `npm run docs:write`.
 */
const files = await generatedFiles();

/** A line of each file that its generator writes, to change by hand. */
const PROBES: Readonly<Record<string, readonly string[]>> = {
  'openapi.json': ['"operationId": "getInbox",', '"$ref": "#/components/responses/InboxNotFoundOrShareNotFound"'],
  'src/client/generated/openapi-types.ts': ['        InboxNotFoundOrShareNotFound: {'],
  'docs/api.md': ['#### `GET /api/v1/inboxes/{inboxId}`: One inbox', '### `Inbox` (schema)'],
  'docs/cli.md': ['| `--host` |', '### rehook tokens revoke'],
  'docs/configuration.md': ['| `REHOOK_HOST` |'],
  'docs/errors.md': ['**404**, default message: Inbox not found.', '- `/api/v1/tokens/{tokenId}`: DELETE'],
};

/** Files whose every line is generated: marked in .gitattributes (the others mix in hand-written prose). */
const WHOLLY_GENERATED = ['openapi.json', 'src/client/generated/**', 'docs/cli.md', 'docs/errors.md'];

describe(`generated files are committed up to date (run ${WRITE_COMMAND})`, () => {
  for (const generated of files) {
    it(`${generated.file} matches what the code generates`, () => {
      const drift = driftOf(generated, readCommitted(generated.file));
      assert.equal(drift, null, drift ?? '');
    });
  }

  it('the check fails, naming the file and the command that regenerates it, when a committed file drifts', () => {
    assert.deepEqual(Object.keys(PROBES).sort(), files.map((generated) => generated.file).sort());
    for (const generated of files) {
      const current = readCommitted(generated.file);
      for (const probe of PROBES[generated.file] ?? []) {
        assert.ok(current.includes(probe), `${generated.file} lacks ${probe}`);
        const drifted = current.replace(probe, 'CHANGED BY HAND');
        const drift = driftOf(generated, drifted) ?? `${generated.file}: no drift found`;
        assert.ok(drift.startsWith(`${generated.file} is out of date: run npm run docs:write\n`), drift);
        assert.match(drift, /committed: .*CHANGED BY HAND/);
      }
    }
    const cli = files.find((generated) => generated.file === 'docs/cli.md');
    assert.match((cli && driftOf(cli, '')) ?? '', /^docs\/cli\.md is missing: run npm run docs:write/);
  });

  it('the wholly generated files are marked linguist-generated in .gitattributes', () => {
    const attributes = readFileSync(new URL('../../.gitattributes', import.meta.url), 'utf8');
    for (const pattern of WHOLLY_GENERATED) {
      assert.ok(attributes.includes(`\n${pattern} linguist-generated=true\n`), pattern);
      const file = pattern.replace('**', 'openapi-types.ts');
      assert.ok(
        files.some((generated) => generated.file === file),
        `${pattern}: no generator writes ${file}`,
      );
    }
  });
});
