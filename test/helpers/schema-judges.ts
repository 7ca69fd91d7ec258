import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import ts from 'typescript';

/**
 * Judges of inferred schemas that nobody here wrote: Ajv (JSON Schema 2020-12 with its formats),
 * the TypeScript compiler (in process) and Zod (the generated module compiled by tsx from a temp
 * file). Each answers what it found wrong, so a test can show it.
 */

/** Errors of each body Ajv rejects (empty when every body validates). */
export function ajvRejections(schema: object, bodies: readonly unknown[]): string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const validate = ajv.compile(schema);
  const problems: string[] = [];
  bodies.forEach((body, i) => {
    if (!validate(body)) problems.push(`body ${i}: ${ajv.errorsText(validate.errors)}`);
  });
  return problems;
}

/**
 * Compiles the declarations with every body as an object literal of type `typeName`
 * (`const sample0: Name = {...};`), strict, and answers the compiler's diagnostics.
 */
const libCache = new Map<string, ts.SourceFile | undefined>();

export function typeScriptDiagnostics(declarations: string, typeName: string, bodies: readonly unknown[]): string[] {
  const samples = bodies.map((body, i) => `export const sample${i}: ${typeName} = ${JSON.stringify(body)};`).join('\n');
  // One module: the declarations as generated, then the samples.
  const fileName = '/virtual/samples.ts';
  const text = `${declarations}\n${samples}\n`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    exactOptionalPropertyTypes: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    lib: ['lib.es5.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.getSourceFile = (name, version) => {
    if (name === fileName) return ts.createSourceFile(name, text, version);
    if (!libCache.has(name)) libCache.set(name, getSourceFile(name, version));
    return libCache.get(name);
  };
  const program = ts.createProgram([fileName], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

/** typeScriptDiagnostics on a worker thread, so that the caller's event loop keeps running. */
export function typeScriptDiagnosticsOffThread(
  declarations: string,
  typeName: string,
  bodies: readonly unknown[],
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // The thread's module is TypeScript: the thread registers tsx first, as the tests run with it.
    const entry = JSON.stringify(new URL('./typescript-judge-thread.ts', import.meta.url).href);
    const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); })`, {
      eval: true,
      workerData: { declarations, typeName, bodies },
    });
    worker.once('message', (diagnostics: string[]) => resolve(diagnostics));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the TypeScript judge's thread exited with ${code}`));
    });
  });
}

interface ZodLike {
  safeParse(value: unknown): { success: boolean; error?: { message: string } };
}

/** Loads the generated Zod module (tsx compiles it) and answers the failure of each body it rejects. */
export async function zodRejections(source: string, exportName: string, bodies: readonly unknown[]): Promise<string[]> {
  // Inside the repository, so that `import { z } from 'zod'` resolves to its devDependency.
  const dir = mkdtempSync(join(process.cwd(), 'test', '.zod-'));
  try {
    const file = join(dir, 'schema.ts');
    writeFileSync(file, source);
    const mod = (await import(pathToFileURL(file).href)) as Record<string, ZodLike>;
    const schema = mod[exportName];
    if (schema === undefined) return [`no export ${exportName}`];
    const problems: string[] = [];
    bodies.forEach((body, i) => {
      const result = schema.safeParse(body);
      if (!result.success) problems.push(`body ${i}: ${result.error?.message ?? 'rejected'}`);
    });
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
