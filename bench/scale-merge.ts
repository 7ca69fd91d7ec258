// Merges the results of separate `npm run bench:scale -- --database <db> --out <file>` runs into
// one results file and prints its table: `tsx bench/scale-merge.ts <out> <in>...`.
import { readFileSync, writeFileSync } from 'node:fs';
import { formatScaleBench, type ScaleResult } from './scale.js';

const [out, ...inputs] = process.argv.slice(2);
if (out === undefined || inputs.length === 0) throw new Error('usage: tsx bench/scale-merge.ts <out> <in>...');
const results = inputs.map((file) => JSON.parse(readFileSync(file, 'utf8')) as ScaleResult);
const first = results[0] as ScaleResult;
const merged: ScaleResult = {
  ...first,
  loadAverageBefore: first.loadAverageBefore,
  loadAverageAfter: (results[results.length - 1] as ScaleResult).loadAverageAfter,
  databases: results.flatMap((r) => r.databases),
  notes: [...first.notes, `merged from ${inputs.length} runs made at the same time: ${inputs.join(', ')}`],
};
writeFileSync(out, `${JSON.stringify(merged, null, 2)}\n`);
process.stdout.write(formatScaleBench(merged));
