// Rewrites the generated parts of the docs from the code: the configuration table in README.md
// and docs/configuration.md. `npm test` fails when they drift (test/unit/docs.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { replaceConfigTable } from '../src/config/docs.js';

for (const file of ['README.md', 'docs/configuration.md']) {
  const path = new URL(`../${file}`, import.meta.url);
  writeFileSync(path, replaceConfigTable(readFileSync(path, 'utf8')));
  console.log(`wrote ${file}`);
}
