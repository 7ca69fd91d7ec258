// Writes openapi.json (the OpenAPI 3.1 document generated from the route schemas). With --check,
// writes nothing and exits 1 when the committed file differs; `npm test` checks it too
// (test/unit/openapi.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { generateOpenApiDocument, renderOpenApiDocument } from '../src/http/api/openapi-document.js';

const path = new URL('../openapi.json', import.meta.url);
const generated = renderOpenApiDocument(await generateOpenApiDocument());
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(path, 'utf8');
  } catch {
    // Missing counts as different.
  }
  if (committed !== generated) {
    console.error('openapi.json is out of date: run npm run openapi:write');
    process.exit(1);
  }
  console.log('openapi.json is up to date');
} else {
  writeFileSync(path, generated);
  console.log('wrote openapi.json');
}
