// Where the API listener looks for the built web app (src/http/api/core/static-ui.ts): dist/ui,
// both from the TypeScript sources (tests) and from the compiled server (`npm start`). A module
// moved to another folder depth must not leave the app "not built".
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { defaultUiDir } from '../../src/http/api/core/static-ui.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the web app build the API serves', () => {
  it('is dist/ui when the server runs from its sources', () => {
    assert.equal(defaultUiDir(), join(ROOT, 'dist', 'ui'));
  });

  it('is dist/ui when the server runs compiled', async () => {
    const compiled = join(ROOT, 'dist', 'src', 'http', 'api', 'core', 'static-ui.js');
    assert.ok(existsSync(compiled), `${compiled} is missing: npm test builds first (npm run build)`);
    const module = (await import(compiled)) as { defaultUiDir: () => string };
    assert.equal(module.defaultUiDir(), join(ROOT, 'dist', 'ui'));
  });
});
