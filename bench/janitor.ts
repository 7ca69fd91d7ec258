// What a run leaves behind (temporary directories, a PostgreSQL schema, child processes), undone
// however the run ends.
import { rmSync } from 'node:fs';
import { killAll } from './processes.js';

/** Temporary directories and asynchronous clean-ups, run however the benchmark ends. */
export interface Janitor {
  readonly dirs: string[];
  readonly tasks: (() => Promise<void>)[];
}

/** Kills the child processes, runs the clean-ups, then removes the directories (each once). */
export async function cleanUp(janitor: Janitor): Promise<void> {
  killAll();
  for (const task of janitor.tasks.splice(0)) await task().catch(() => undefined);
  for (const dir of janitor.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
