import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { driftOf, generatedFiles, readCommitted, WRITE_COMMAND } from '../../scripts/generated-files.js';

/**
 * Every file generated from the code (openapi.json, the client's types, the docs) is rendered
 * here in memory and compared, whole, with the committed one, so `npm test` fails when a route, a
 * setting, a command or an error code changed without `npm run docs:write`.
 */
const files = await generatedFiles();

/** A line of each file that its generator writes, to change by hand. */
const PROBES: Readonly<Record<string, readonly string[]>> = {
  'openapi.json': ['"operationId": "getInbox",', '"$ref": "#/components/responses/InboxNotFoundOrShareNotFound"'],
  'src/client/generated/openapi-types.ts': ['        InboxNotFoundOrShareNotFound: {'],
  'docs/generated/api-reference.md': ['#### `GET /api/v1/inboxes/{inboxId}`: One inbox', '### `Inbox` (schema)'],
  'docs/generated/cli.md': ['| `--host` |', '### rehook tokens revoke'],
  'docs/generated/errors.md': ['**404**, default message: Inbox not found.', '- `/api/v1/tokens/{tokenId}`: DELETE'],
  'docs/generated/settings.md': ['| `REHOOK_HOST` |', '# Settings'],
};

/**
 * Where generated files live: under a `generated/` folder, each marked in .gitattributes. The one
 * exception is openapi.json, the published contract, which stays at the repository root.
 */
const GENERATED_PATTERNS = ['openapi.json', 'src/client/generated/**', 'docs/generated/**'];

function markedBy(pattern: string, file: string): boolean {
  return pattern.endsWith('/**') ? file.startsWith(pattern.slice(0, -2)) : file === pattern;
}

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
    const cli = files.find((generated) => generated.file === 'docs/generated/cli.md');
    assert.match((cli && driftOf(cli, '')) ?? '', /^docs\/generated\/cli\.md is missing: run npm run docs:write/);
  });

  it('every generated file lives under a generated/ folder (but openapi.json) and is marked in .gitattributes', () => {
    const attributes = readFileSync(new URL('../../.gitattributes', import.meta.url), 'utf8');
    const marked = attributes
      .split('\n')
      .filter((line) => line.endsWith(' linguist-generated=true'))
      .map((line) => line.slice(0, -' linguist-generated=true'.length));
    assert.deepEqual(marked.sort(), [...GENERATED_PATTERNS].sort(), 'the linguist-generated lines of .gitattributes');
    for (const { file } of files) {
      assert.ok(file === 'openapi.json' || file.split('/').includes('generated'), `${file} is outside generated/`);
      assert.ok(
        GENERATED_PATTERNS.some((pattern) => markedBy(pattern, file)),
        `${file} is not marked in .gitattributes`,
      );
    }
    for (const pattern of GENERATED_PATTERNS) {
      assert.ok(
        files.some((generated) => markedBy(pattern, generated.file)),
        `${pattern}: no generator writes a file it marks`,
      );
    }
  });
});
