// Where the results of a run go: the table on stdout, the results file, and docs/benchmarks.md with
// docs/benchmarks.svg.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { log } from './log.js';
import { renderMarkdown } from './markdown.js';
import type { BenchResults } from './results.js';
import { renderSvg } from './svg.js';
import { renderTable } from './table.js';

/** Prints the table, writes the results to `out` (relative to the repository) and, with `docs`, the page. */
export function writeResults(repo: string, out: string, results: BenchResults, docs: boolean): void {
  process.stdout.write(`${renderTable(results)}\n`);
  const path = resolve(repo, out);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${out}`);
  if (docs) renderDocs(repo, results);
}

/** Writes docs/benchmarks.md and docs/benchmarks.svg from results, the profiles and bench/analysis.md. */
export function renderDocs(repo: string, results: BenchResults): void {
  const resultsDir = join(repo, 'bench/results');
  const analysisPath = join(repo, 'bench/analysis.md');
  const extras = {
    profiles: readdirSync(resultsDir)
      .filter((f) => /^profile-[a-h]\.json$/.test(f))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(resultsDir, f), 'utf8')) as unknown),
    analysis: existsSync(analysisPath) ? readFileSync(analysisPath, 'utf8') : null,
  };
  writeFileSync(join(repo, 'docs/benchmarks.svg'), renderSvg(results));
  writeFileSync(join(repo, 'docs/benchmarks.md'), renderMarkdown(results, extras));
  log('wrote docs/benchmarks.md and docs/benchmarks.svg');
}
