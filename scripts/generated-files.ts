// Every file generated from the code, rendered in memory: openapi.json (from the route schemas),
// the client's types (from that document), and the docs (docs/generated/). Each is generated
// whole: hand-written docs link to the generated ones and hold no generated part. `npm run
// docs:write` writes them; `npm test` fails while a committed one differs
// (test/unit/generated-files.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { COMMANDS } from '../src/cli/cli.js';
import { generateOpenApiDocument, renderOpenApiDocument } from '../src/http/api/core/openapi-document.js';
import { renderApiReferenceDoc } from './docs/api-doc.js';
import { renderCliDoc } from './docs/cli-doc.js';
import { renderSettingsDoc } from './docs/config-doc.js';
import { renderErrorsDoc } from './docs/errors-doc.js';

export const ROOT = new URL('../', import.meta.url);

/** The command that rewrites every generated file (named in every drift message). */
export const WRITE_COMMAND = 'npm run docs:write';

export interface GeneratedFile {
  /** Path from the repository root. */
  readonly file: string;
  /** What the file must hold, whole. */
  readonly render: () => string;
}

async function renderClientTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as unknown as OpenAPI3);
  return `// GENERATED from openapi.json by \`${WRITE_COMMAND}\` (openapi-typescript): do not edit.\n${astToString(ast)}`;
}

/**
 * Every generated file. The OpenAPI document is built once from the routes, and the files made
 * from it (client types, docs) are made from that document, not from the committed openapi.json,
 * so one run brings them all up to date together.
 */
export async function generatedFiles(): Promise<GeneratedFile[]> {
  const document = await generateOpenApiDocument();
  const openapi = renderOpenApiDocument(document);
  const types = await renderClientTypes(document);
  return [
    { file: 'openapi.json', render: () => openapi },
    { file: 'src/client/generated/openapi-types.ts', render: () => types },
    { file: 'docs/generated/api-reference.md', render: () => renderApiReferenceDoc(document) },
    { file: 'docs/generated/cli.md', render: () => renderCliDoc(COMMANDS) },
    { file: 'docs/generated/errors.md', render: () => renderErrorsDoc(document) },
    { file: 'docs/generated/settings.md', render: () => renderSettingsDoc() },
  ];
}

export function readCommitted(file: string): string {
  const url = new URL(file, ROOT);
  return existsSync(url) ? readFileSync(url, 'utf8') : '';
}

/**
 * null when `current` is what the code generates for `generated`; otherwise the message to
 * show, with the command that fixes it and the first line that differs.
 */
export function driftOf(generated: GeneratedFile, current: string): string | null {
  const expected = generated.render();
  if (expected === current) return null;
  if (current === '') return `${generated.file} is missing: run ${WRITE_COMMAND}`;
  const have = current.split('\n');
  const want = expected.split('\n');
  let line = 0;
  while (line < have.length && line < want.length && have[line] === want[line]) line += 1;
  const show = (text: string | undefined) =>
    text === undefined ? '(end of file)' : JSON.stringify(text.slice(0, 160));
  return (
    `${generated.file} is out of date: run ${WRITE_COMMAND}\n` +
    `  first difference at line ${line + 1}:\n  committed: ${show(have[line])}\n  generated: ${show(want[line])}`
  );
}
