// Rewrites the generated documentation from the code (see scripts/generated-docs.ts): the
// configuration table in README.md and docs/configuration.md, docs/cli.md and docs/errors.md.
// With --check it writes nothing and exits 1 when a committed file differs from what the code
// generates. `npm test` runs the same check (test/unit/docs.test.ts).
import { writeFileSync } from 'node:fs';
import { driftOf, GENERATED_DOCS, readDoc, ROOT } from './generated-docs.js';

const check = process.argv.includes('--check');
let stale = 0;
for (const doc of GENERATED_DOCS) {
  const current = readDoc(doc.file);
  try {
    if (check) {
      const drift = driftOf(doc, current);
      if (drift !== null) {
        console.error(drift);
        stale += 1;
      }
      continue;
    }
    const next = doc.render(current);
    if (next === current) continue;
    writeFileSync(new URL(doc.file, ROOT), next);
    console.log(`wrote ${doc.file}`);
  } catch (err) {
    console.error(`${doc.file} cannot be generated: ${err instanceof Error ? err.message : String(err)}`);
    stale += 1;
  }
}
if (stale > 0) process.exit(1);
if (check) console.log(`${GENERATED_DOCS.length} generated documents are up to date`);
