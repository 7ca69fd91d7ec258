import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * A package registry on loopback that serves exactly the packages of package-lock.json, so the
 * package tests can run `npm install ./rehook-x.y.z.tgz` and `npm install -g` as users do, with
 * no network. Tarballs are the original registry tarballs, read from npm's cache by the
 * lockfile's integrity (the cache `npm ci` filled; CI runs `npm ci` right before the tests).
 * Version documents are built from the lockfile entries, which record what npm needs to resolve
 * and place a package (dependencies, bin, engines, os, cpu, install scripts).
 */
export interface LocalRegistry {
  /** Origin with a trailing slash, for npm's `registry` setting. */
  readonly url: string;
  /** Package names whose version documents were asked for. */
  readonly requested: ReadonlySet<string>;
  close(): Promise<void>;
}

interface LockEntry {
  readonly name?: string;
  readonly version?: string;
  readonly integrity?: string;
  readonly link?: boolean;
  readonly [field: string]: unknown;
}

/** Fields of a lockfile entry that belong in a registry version document. */
const MANIFEST_FIELDS = [
  'license',
  'dependencies',
  'optionalDependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'bin',
  'engines',
  'os',
  'cpu',
  'libc',
  'hasInstallScript',
  'deprecated',
  'funding',
] as const;

type Cacache = { get: { byDigest(cache: string, integrity: string): Promise<Buffer> } };

/** npm's own copy of cacache (the library of its cache), found next to the npm in use. */
function npmCacache(): Cacache {
  const execPath = process.env['npm_execpath'];
  const npmDir = execPath?.endsWith('npm-cli.js')
    ? join(execPath, '..', '..')
    : join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm');
  return createRequire(join(npmDir, 'package.json'))('cacache') as Cacache;
}

function npmCacheDir(): string {
  return execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8', env: cleanNpmEnv() }).trim();
}

/** The environment without the npm_* variables an enclosing `npm test` sets for its scripts. */
export function cleanNpmEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^npm_/i.test(key) && !key.startsWith('REHOOK_')) env[key] = value;
  }
  return { ...env, ...extra };
}

/** `1.2.10` after `1.2.9`; prerelease tags compare as text (good enough to pick a dist-tag). */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const diff = /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return 0;
}

export async function startLocalRegistry(root: string): Promise<LocalRegistry> {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const cacache = npmCacache();
  const cache = join(npmCacheDir(), '_cacache');
  // name → version → lockfile entry
  const packages = new Map<string, Map<string, LockEntry>>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes('node_modules/') || entry.link === true || entry.version === undefined) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!packages.has(name)) packages.set(name, new Map());
    packages.get(name)?.set(entry.version, entry);
  }
  const tarballs = new Map<string, string>(); // URL path → integrity
  const requested = new Set<string>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://registry').pathname);
      const integrity = tarballs.get(path);
      if (integrity !== undefined) {
        let body: Buffer;
        try {
          body = await cacache.get.byDigest(cache, integrity);
        } catch {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: `${path} is not in npm's cache: run \`npm ci\` first` }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
        res.end(body);
        return;
      }
      const name = path.slice(1);
      const versions = packages.get(name);
      if (versions === undefined) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'not found' }));
        return;
      }
      requested.add(name);
      const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
      const docs: Record<string, unknown> = {};
      for (const [version, entry] of versions) {
        const file = `/${name}/-/${name.split('/').pop() ?? name}-${version}.tgz`;
        if (entry.integrity !== undefined) tarballs.set(file, entry.integrity);
        const doc: Record<string, unknown> = { name, version };
        for (const field of MANIFEST_FIELDS) if (entry[field] !== undefined) doc[field] = entry[field];
        doc['dist'] = { tarball: `${origin}${file}`, integrity: entry.integrity };
        docs[version] = doc;
      }
      const latest = [...versions.keys()].sort(compareVersions).pop();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name, 'dist-tags': { latest }, versions: docs }));
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
