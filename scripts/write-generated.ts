// Rewrites every file generated from the code (scripts/generated-files.ts): openapi.json, the
// client's types and the docs. With --check it writes nothing and exits 1 when a committed file
// differs from what the code generates; `npm test` runs the same comparison
// (test/unit/generated-files.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { driftOf, generatedFiles, readCommitted, ROOT } from './generated-files.js';

const check = process.argv.includes('--check');
const files = await generatedFiles();
let stale = 0;
for (const generated of files) {
  const current = readCommitted(generated.file);
  try {
    if (check) {
      const drift = driftOf(generated, current);
      if (drift !== null) {
        console.error(drift);
        stale += 1;
      }
      continue;
    }
    const next = generated.render();
    if (next === current) continue;
    mkdirSync(new URL('.', new URL(generated.file, ROOT)), { recursive: true });
    writeFileSync(new URL(generated.file, ROOT), next);
    console.log(`wrote ${generated.file}`);
  } catch (err) {
    console.error(`${generated.file} cannot be generated: ${err instanceof Error ? err.message : String(err)}`);
    stale += 1;
  }
}
if (stale > 0) process.exit(1);
if (check) console.log(`${files.length} generated files are up to date`);
