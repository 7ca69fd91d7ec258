// Writes openapi.json (the OpenAPI 3.1 document generated from the route schemas) and the
// client's types generated from it. With --check, writes nothing and exits 1 when a committed
// file differs; `npm test` checks them too (test/unit/openapi.test.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generateOpenApiFiles } from './openapi-files.js';

const check = process.argv.includes('--check');
let stale = 0;
for (const { file, content } of await generateOpenApiFiles()) {
  const path = new URL(`../${file}`, import.meta.url);
  if (!check) {
    writeFileSync(path, content);
    console.log(`wrote ${file}`);
  } else if (!existsSync(path) || readFileSync(path, 'utf8') !== content) {
    console.error(`${file} is out of date: run npm run openapi:write`);
    stale += 1;
  }
}
if (check && stale === 0) console.log('openapi.json and the client types are up to date');
process.exit(stale === 0 ? 0 : 1);
