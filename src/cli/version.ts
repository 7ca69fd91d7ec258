import { readFileSync } from 'node:fs';

/** The version in the package.json of the installed package (dist/src/cli is three levels down). */
export function readVersion(): string {
  let dir = new URL('.', import.meta.url);
  for (let depth = 0; depth < 5; depth += 1) {
    try {
      const text = readFileSync(new URL('package.json', dir), 'utf8');
      const pkg = JSON.parse(text) as { name?: unknown; version?: unknown };
      if (pkg.name === 'rehook' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // Not here: look one directory up.
    }
    dir = new URL('..', dir);
  }
  return 'unknown';
}
