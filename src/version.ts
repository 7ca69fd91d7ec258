import { readFileSync } from 'node:fs';

/**
 * The version in the package.json of the installed package: the nearest `rehook` package.json
 * above this module (src/ when run from sources, dist/src/ when built, node_modules/rehook/dist/src/
 * when installed).
 */
export function packageVersion(): string {
  let dir = new URL('.', import.meta.url);
  for (let depth = 0; depth < 6; depth += 1) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (pkg.name === 'rehook' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // Not here: look one directory up.
    }
    dir = new URL('..', dir);
  }
  return 'unknown';
}
