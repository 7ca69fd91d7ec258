import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  /** Absolute path of the new, empty directory. */
  readonly path: string;
  /** Removes the directory and everything in it; safe to call twice. */
  cleanup(): Promise<void>;
}

/** Creates a fresh directory under the OS temp dir, named `<prefix>XXXXXX`. */
export async function makeTempDir(prefix: string): Promise<TempDir> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return {
    path,
    cleanup: () => rm(path, { recursive: true, force: true }),
  };
}
