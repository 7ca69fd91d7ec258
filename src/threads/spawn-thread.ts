import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starting a worker thread from its own module, both from dist/ (compiled JavaScript) and from
 * the sources under the TypeScript loader (tests, benchmarks run with tsx). Shared by every
 * thread Rehook starts (the SQLite checkpoint thread, the template render threads).
 */

/** A thread's entry module and the sources it is built from, relative to the spawning module. */
export interface ThreadModule {
  /** `import.meta.url` of the module that starts the thread (the paths below are relative to it). */
  readonly from: string;
  /** The entry, without its extension: `./checkpoint-thread`. */
  readonly entry: string;
  /**
   * Every local module the thread imports (the entry included), without extensions: the compiled
   * copy of the last build is used only when it is newer than all of them.
   */
  readonly sources: readonly string[];
}

function modifiedMs(url: URL): number | null {
  try {
    return statSync(fileURLToPath(url)).mtimeMs;
  } catch {
    return null;
  }
}

/** `…/src/a/b.ts` → `…/dist/src/a/b.js`: where `npm run build` writes a source's compiled copy. */
function compiledCopyOf(source: URL): URL | null {
  const href = source.href;
  const at = href.lastIndexOf('/src/');
  if (at < 0) return null;
  return new URL(`${href.slice(0, at)}/dist${href.slice(at).replace(/\.ts$/, '.js')}`);
}

/**
 * Under the TypeScript loader: the compiled thread of the last build when it is newer than the
 * thread's sources. A thread that registers the loader itself costs about half a second of CPU
 * to start; the compiled copy is the same code.
 */
function compiledThreadOfSources(thread: ThreadModule): URL | null {
  const compiled = compiledCopyOf(new URL(`${thread.entry}.ts`, thread.from));
  if (compiled === null) return null;
  const builtAt = modifiedMs(compiled);
  if (builtAt === null) return null;
  const newestSource = Math.max(
    ...[thread.entry, ...thread.sources].map((source) => modifiedMs(new URL(`${source}.ts`, thread.from)) ?? Infinity),
  );
  return builtAt >= newestSource ? compiled : null;
}

/**
 * Starts `thread`. From dist/ it runs the compiled entry next to the caller; under the TypeScript
 * loader it runs the last build's compiled copy when it is current, else it registers the same
 * loader before it imports the .ts entry.
 */
export function spawnThread(thread: ThreadModule, options: WorkerOptions): Worker {
  const fromSources = thread.from.endsWith('.ts');
  const entry = new URL(`${thread.entry}${fromSources ? '.ts' : '.js'}`, thread.from);
  if (!fromSources) return new Worker(entry, options);
  const compiled = compiledThreadOfSources(thread);
  if (compiled !== null) return new Worker(compiled, options);
  const loader = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
