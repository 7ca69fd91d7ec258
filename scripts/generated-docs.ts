// The documents (or parts of documents) generated from the code, and the check that the
// committed files match: `npm run docs:write` rewrites them; `npm run docs:write -- --check` and
// `npm test` (test/unit/docs.test.ts) fail while one is out of date.
import { existsSync, readFileSync } from 'node:fs';
import { COMMANDS } from '../src/cli/cli.js';
import { renderCliDoc } from '../src/cli/docs.js';
import { replaceConfigTable } from '../src/config/docs.js';
import { renderErrorsDoc } from '../src/http/errors-doc.js';

export const ROOT = new URL('../', import.meta.url);

export interface GeneratedDoc {
  /** Path from the repository root. */
  readonly file: string;
  /** What the file must hold, given what it holds now ('' when missing). */
  readonly render: (current: string) => string;
}

/** The OpenAPI document at the repository root (npm run openapi:write), parsed. */
export function readOpenApi(): unknown {
  const url = new URL('openapi.json', ROOT);
  if (!existsSync(url)) throw new Error('openapi.json is missing at the repository root (npm run openapi:write)');
  return JSON.parse(readFileSync(url, 'utf8'));
}

export const GENERATED_DOCS: readonly GeneratedDoc[] = [
  { file: 'docs/configuration.md', render: replaceConfigTable },
  { file: 'docs/cli.md', render: () => renderCliDoc(COMMANDS) },
  { file: 'docs/errors.md', render: () => renderErrorsDoc(readOpenApi()) },
];

export function readDoc(file: string): string {
  const url = new URL(file, ROOT);
  return existsSync(url) ? readFileSync(url, 'utf8') : '';
}

/**
 * null when `current` is what the code generates for `doc`; otherwise the message to show,
 * with the first line that differs.
 */
export function driftOf(doc: GeneratedDoc, current: string): string | null {
  const expected = doc.render(current);
  if (expected === current) return null;
  if (current === '') return `${doc.file} is missing: run npm run docs:write`;
  const have = current.split('\n');
  const want = expected.split('\n');
  let line = 0;
  while (line < have.length && line < want.length && have[line] === want[line]) line += 1;
  const show = (text: string | undefined) =>
    text === undefined ? '(end of file)' : JSON.stringify(text.slice(0, 160));
  return (
    `${doc.file} is out of date: run npm run docs:write\n` +
    `  first difference at line ${line + 1}:\n  committed: ${show(have[line])}\n  generated: ${show(want[line])}`
  );
}
