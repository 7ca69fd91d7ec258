import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { boundUrls, ROOT } from '../e2e/cli-harness.js';
import { cleanNpmEnv, startLocalRegistry, type LocalRegistry } from '../helpers/local-registry.js';
import { makeTempDir, type TempDir } from '../helpers/temp-dir.js';

// The package as users get it: `npm pack` (which builds, through `prepack`) in a copy of the
// repository without dist/, then the tarball installed into an empty directory and globally,
// each time with npm itself, and the server started from what was installed. Finally
// docs/getting-started.md is run command by command against a global install.
//
// No network: npm talks to a registry on loopback that serves exactly the packages of
// package-lock.json, tarballs taken from npm's cache (test/helpers/local-registry.ts; CI runs
// `npm ci` just before the tests, which fills it). better-sqlite3's install script runs as it
// does for users; the prebuilt binary it looks for is the one `npm ci` built for this Node,
// handed to it through prebuild-install's own `local-prebuilds` setting, so nothing is
// downloaded or compiled.

/**
 * Runs a command to completion with stdin closed (a command that reads stdin, like `rehook
 * accounts create`, sees end of input at once, as from /dev/null). Rejects on a non-zero exit,
 * with the output.
 */
function run(
  command: string,
  args: readonly string[],
  opts: { cwd: string; env?: Record<string, string> },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) return resolve({ stdout, stderr });
      const status = code ?? signal;
      reject(new Error(`${command} ${args.join(' ')} (in ${opts.cwd}): exit ${status}\n${stdout}${stderr}`));
    });
  });
}

const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const TARBALL = `${PKG.name}-${PKG.version}.tgz`;
/** Top-level entries of the repository that `npm pack` does not need. */
const NOT_COPIED = new Set(['.git', 'node_modules', 'dist', 'data', 'tmp', 'test', 'bench']);
/** Upper bound for each stage, so a hung npm or server fails the run instead of stalling it. */
const LIMIT_MS = 240_000;

interface PackResult {
  readonly filename: string;
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
  readonly files: readonly { readonly path: string; readonly size: number }[];
}

let dir: TempDir;
let registry: LocalRegistry;
let packed: PackResult;
let tarball: string;
const children = new Set<ChildProcess>();

/** npm's environment for the installs: the loopback registry, a fresh cache, no user config. */
function npmEnv(extra: Record<string, string> = {}): Record<string, string> {
  return cleanNpmEnv({
    npm_config_registry: registry.url,
    npm_config_cache: join(dir.path, 'npm-cache'),
    npm_config_userconfig: join(dir.path, 'npmrc'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  });
}

/** Runs npm; resolves with its stdout and stderr. */
function npm(args: readonly string[], cwd: string, env = npmEnv()): Promise<{ stdout: string; stderr: string }> {
  return run('npm', args, { cwd, env });
}

/** The warning npm 11 prints for dependency install scripts nobody approved, if any. */
function unapprovedScripts(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /^npm warn install-scripts\s+\S+@\S+ \(/.test(line))
    .map((line) => line.replace(/^npm warn install-scripts\s+/, ''));
}

/**
 * Starts a `rehook serve` command line in its own process group and resolves with the URLs of
 * its first log line. `stop()` ends the whole group (npx runs the server as a grandchild).
 */
function startServer(
  command: string,
  args: readonly string[],
  opts: { cwd: string; env: Record<string, string> },
): Promise<{ apiUrl: string; ingestUrl: string; output: () => string; stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { ...opts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let stdout = '';
    let stderr = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid as number), 'SIGTERM');
      await exited;
      children.delete(child);
    };
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const end = stdout.indexOf('\n');
      if (end !== -1) resolve({ ...boundUrls(stdout.slice(0, end)), output: () => stdout + stderr, stop });
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`${command} ${args.join(' ')} exited (${code ?? signal}) before logging:\n${stdout}${stderr}`)),
    );
    child.once('error', reject);
  });
}

/**
 * /healthz answers, the web app is served (built into the package: no dev dependency at install
 * time), an anonymous inbox is created, and a webhook sent to it is listed.
 */
async function exercise(server: { apiUrl: string; ingestUrl: string }): Promise<void> {
  const health = await fetch(`${server.apiUrl}/healthz`);
  assert.equal(health.status, 200);
  const page = await fetch(`${server.apiUrl}/inboxes/inb_x`, { headers: { accept: 'text/html' } });
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  const html = await page.text();
  const bundle = /<script[^>]*src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  assert.ok(bundle, `the web app's page: ${html.slice(0, 300)}`);
  const script = await fetch(server.apiUrl + bundle);
  assert.equal(script.status, 200);
  assert.ok((await script.text()).length > 10_000, 'the bundle is served');
  const created = await fetch(`${server.apiUrl}/api/v1/inboxes`, { method: 'POST' });
  assert.equal(created.status, 201);
  const { inbox } = ((await created.json()) as { data: { inbox: { id: string } } }).data;
  const ingested = await fetch(`${server.ingestUrl}/i/${inbox.id}/hook`, { method: 'POST', body: 'hello' });
  assert.equal(ingested.status, 200);
  const events = (await (await fetch(`${server.apiUrl}/api/v1/inboxes/${inbox.id}/events`)).json()) as {
    path: string;
  }[];
  assert.deepEqual(
    events.map((event) => event.path),
    [`/i/${inbox.id}/hook`],
  );
}

/** Wraps better-sqlite3's binary, as built by `npm ci` here, the way its prebuild releases are. */
async function localPrebuild(): Promise<void> {
  const module = join(ROOT, 'node_modules', 'better-sqlite3');
  const binary = join(module, 'build', 'Release', 'better_sqlite3.node');
  assert.ok(existsSync(binary), `${binary} is missing: run \`npm ci\` first`);
  const { version } = JSON.parse(readFileSync(join(module, 'package.json'), 'utf8')) as { version: string };
  const stage = join(dir.path, 'prebuild-stage');
  mkdirSync(join(stage, 'build', 'Release'), { recursive: true });
  copyFileSync(binary, join(stage, 'build', 'Release', 'better_sqlite3.node'));
  const prebuilds = join(dir.path, 'prebuilds');
  mkdirSync(prebuilds);
  const abi = `node-v${process.versions.modules}-${process.platform}-${process.arch}`;
  const name = `better-sqlite3-v${version}-${abi}.tar.gz`;
  await run('tar', ['-czf', join(prebuilds, name), '-C', stage, 'build'], { cwd: dir.path });
  // prebuild-install reads `.prebuild-installrc` from its working directory and every parent:
  // every install below happens inside dir.
  writeFileSync(join(dir.path, '.prebuild-installrc'), `local-prebuilds=${prebuilds}\n`);
}

/** Whether a path below the repository is copied for `npm pack` (see NOT_COPIED). */
function copied(path: string): boolean {
  const top =
    path
      .slice(ROOT.length)
      .replace(/^[\\/]/, '')
      .split(/[\\/]/)[0] ?? '';
  return !NOT_COPIED.has(top);
}

before(
  async () => {
    dir = await makeTempDir('rehook-package-');
    writeFileSync(join(dir.path, 'npmrc'), '');
    registry = await startLocalRegistry(ROOT);
    await localPrebuild();
    // A copy of the repository without dist/, so the tarball is built from nothing by npm pack's
    // own lifecycle (prepack), and nothing in the working tree changes.
    const source = join(dir.path, 'source');
    cpSync(ROOT, source, { recursive: true, filter: copied });
    symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
    const { stdout } = await npm(['pack', '--json', '--pack-destination', dir.path], source, cleanNpmEnv());
    packed = (JSON.parse(stdout) as PackResult[])[0] as PackResult;
    tarball = join(dir.path, packed.filename);
  },
  { timeout: LIMIT_MS },
);

after(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid as number), 'SIGKILL');
  }
  await registry?.close();
  await dir?.cleanup();
});

describe('npm pack', { timeout: LIMIT_MS }, () => {
  test('the tarball holds the compiled package, its declarations and docs: no tests, sources or maps', (t) => {
    assert.equal(packed.filename, TARBALL);
    const paths = packed.files.map((file) => file.path);
    const { size, unpackedSize, entryCount } = packed;
    t.diagnostic(`${packed.filename}: ${size} bytes packed, ${unpackedSize} unpacked, ${entryCount} files`);
    for (const required of [
      'package.json',
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'openapi.json',
      'docs/getting-started.md',
      'docs/api.md',
      'docs/generated/api-reference.md',
      'docs/generated/errors.md',
      'dist/src/client/generated/openapi-types.d.ts',
      'dist/src/cli/index.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/testing/index.js',
      'dist/src/testing/index.d.ts',
      'dist/src/storage/sqlite/migrations/0001-init.sql',
      'dist/src/storage/postgres/migrations/0001-init.sql',
      'dist/ui/index.html',
    ]) {
      assert.ok(paths.includes(required), `${required} is not in the tarball`);
    }
    const unexpected = paths.filter(
      (path) =>
        !(path.startsWith('dist/src/') && /\.(js|d\.ts)$/.test(path)) &&
        // The migrations, read at run time.
        !/^dist\/src\/storage\/(sqlite|postgres)\/migrations\/\d{4}-\w+\.sql$/.test(path) &&
        // The web app, built: index.html and its hashed files (no source maps).
        !(path === 'dist/ui/index.html' || /^dist\/ui\/assets\/[\w.-]+\.(js|css|svg)$/.test(path)) &&
        !path.startsWith('docs/') &&
        !['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'openapi.json'].includes(path),
    );
    assert.deepEqual(unexpected, []);
    // The doc generators are development tools (scripts/docs), not part of the package.
    assert.deepEqual(
      paths.filter((path) => /(^scripts\/|errors-doc|\/cli\/docs\.|\/config\/docs\.)/.test(path)),
      [],
    );
    // Room to grow, but a stray test tree, source map or data file would blow it. openapi.json
    // and the client's generated types (about 540 KB and 340 KB unpacked) are its largest files;
    // the whole was just over 1 MiB packed with teams, the audit log and single sign-on.
    assert.ok(packed.size < 1.5 * 1024 * 1024, `packed size ${packed.size} bytes`);
    assert.ok(
      paths.some((path) => /^dist\/ui\/assets\/index-[\w-]+\.js$/.test(path)),
      "the web app's bundle is in the tarball",
    );
  });
});

describe('npm install ./rehook-x.y.z.tgz into an empty directory', { timeout: LIMIT_MS }, () => {
  let app: string;
  let output: string;

  before(
    async () => {
      app = join(dir.path, 'app');
      mkdirSync(app);
      const { stdout, stderr } = await npm(['install', tarball], app);
      output = `${stdout}${stderr}`;
    },
    { timeout: LIMIT_MS },
  );

  test('installs without dev dependencies; only better-sqlite3 has an install script to approve', () => {
    for (const dev of ['typescript', 'tsx', 'esbuild', '@types/node']) {
      assert.ok(!existsSync(join(app, 'node_modules', dev)), `${dev} was installed`);
    }
    // npm 11 runs it anyway and says so; older npm versions say nothing.
    for (const line of unapprovedScripts(output)) assert.match(line, /^better-sqlite3@/);
    assert.ok(existsSync(join(app, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')));
  });

  test('no installed package says this Node is unsupported', () => {
    assert.doesNotMatch(output, /EBADENGINE/);
  });

  test('`npx rehook serve` serves the API and ingest', async () => {
    const data = join(dir.path, 'app-data');
    const server = await startServer(
      'npx',
      ['--offline', 'rehook', 'serve', '--port', '0', '--ingest-port', '0', '--data-dir', data],
      { cwd: app, env: npmEnv() },
    );
    try {
      await exercise(server);
    } finally {
      await server.stop();
    }
  });

  test("'rehook', 'rehook/testing' and 'rehook/package.json' load, and startRehook runs a server", async () => {
    const script = `
      import { createRequire } from 'node:module';
      const main = await import('rehook');
      const testing = await import('rehook/testing');
      const pkg = createRequire(import.meta.url)('rehook/package.json');
      const rehook = await testing.startRehook();
      const inbox = await rehook.client.createInbox();
      await rehook.stop();
      console.log(JSON.stringify({
        RehookClient: typeof main.RehookClient,
        startRehook: typeof testing.startRehook,
        version: pkg.version,
        inbox: inbox.id.slice(0, 4),
      }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: app,
      env: cleanNpmEnv(),
    });
    assert.deepEqual(JSON.parse(stdout.trim().split('\n').pop() ?? ''), {
      RehookClient: 'function',
      startRehook: 'function',
      version: PKG.version,
      inbox: 'inb_',
    });
  });

  test('the type declarations resolve through the exports map', async () => {
    const check = [
      "import { RehookClient } from 'rehook';",
      "import { startRehook } from 'rehook/testing';",
      "const client: RehookClient = new RehookClient({ baseUrl: 'http://127.0.0.1:8080' });",
      'const started: ReturnType<typeof startRehook> = startRehook();',
      '// Real types, not `any`: a wrong option type must be an error.',
      '// @ts-expect-error baseUrl is a string',
      'new RehookClient({ baseUrl: 8080 });',
      'export { client, started };',
    ];
    writeFileSync(join(app, 'check.mts'), `${check.join('\n')}\n`);
    const types = join(ROOT, 'node_modules', '@types');
    await run(
      process.execPath,
      [
        join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
        ...['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022'],
        ...['--module', 'nodenext', '--moduleResolution', 'nodenext', '--typeRoots', types, '--types', 'node'],
        'check.mts',
      ],
      { cwd: app },
    );
  });
});

describe('npm install -g of the same tarball', { timeout: LIMIT_MS }, () => {
  let prefix: string;
  let output: string;

  before(
    async () => {
      prefix = join(dir.path, 'global');
      const { stdout, stderr } = await npm(
        ['install', '-g', '--prefix', prefix, '--allow-scripts=better-sqlite3', tarball],
        dir.path,
      );
      output = `${stdout}${stderr}`;
    },
    { timeout: LIMIT_MS },
  );

  test('with --allow-scripts=better-sqlite3 npm has nothing left to warn about', () => {
    assert.deepEqual(unapprovedScripts(output), []);
    assert.doesNotMatch(output, /install-scripts/);
    assert.doesNotMatch(output, /EBADENGINE/);
  });

  test('gives a working `rehook` command', async () => {
    const env = npmEnv({ PATH: `${join(prefix, 'bin')}:${process.env['PATH'] ?? ''}` });
    const { stdout } = await run('rehook', ['--version'], { cwd: dir.path, env });
    assert.equal(stdout.trim(), PKG.version);
    const server = await startServer(
      'rehook',
      ['serve', '--port', '0', '--ingest-port', '0', '--data-dir', join(dir.path, 'global-data')],
      { cwd: dir.path, env },
    );
    try {
      await exercise(server);
    } finally {
      await server.stop();
    }
  });
});

describe('docs/getting-started.md', { timeout: LIMIT_MS }, () => {
  test('every command runs, in order, and the replay reaches the second inbox', async () => {
    const guide = readFileSync(join(ROOT, 'docs', 'getting-started.md'), 'utf8');
    const blocks = [...guide.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => ({
      info: (match[1] ?? '').trim().split(/\s+/),
      code: match[2] ?? '',
    }));
    // Shell blocks, all of them run, and `text` blocks (sample output, never run): a block of any
    // other kind could hold a command nobody tests.
    assert.deepEqual(
      blocks.filter((block) => !['sh', 'text'].includes(block.info[0] ?? '')).map((block) => block.info.join(' ')),
      [],
    );
    const shell = blocks.filter((block) => block.info[0] === 'sh');
    const serverBlocks = shell.filter((block) => block.info[1] === 'server');
    assert.equal(serverBlocks.length, 1, 'one ```sh server block starts the server');
    const serverIndex = shell.findIndex((block) => block.info[1] === 'server');
    const setup = shell
      .slice(0, serverIndex)
      .map((block) => block.code)
      .join('\n');
    const rest = shell
      .slice(serverIndex + 1)
      .map((block) => block.code)
      .join('\n');

    const work = join(dir.path, 'guide');
    mkdirSync(work);
    copyFileSync(tarball, join(work, TARBALL));
    const prefix = join(dir.path, 'guide-global');
    // As for a user: `npm install -g` goes to npm's prefix, whose bin/ is on PATH.
    const env = npmEnv({ npm_config_prefix: prefix, PATH: `${join(prefix, 'bin')}:${process.env['PATH'] ?? ''}` });
    const bash = async (script: string, extra: Record<string, string> = {}) => {
      try {
        const { stdout, stderr } = await run('bash', ['-c', `set -euo pipefail\n${script}`], {
          cwd: work,
          env: { ...env, ...extra },
        });
        return `${stdout}${stderr}`;
      } catch (err) {
        const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
        throw new Error(`a command of docs/getting-started.md failed:\n${stdout}${stderr}`);
      }
    };

    const installed = await bash(setup);
    assert.match(installed, new RegExp(`^${PKG.version.replaceAll('.', '\\.')}$`, 'm'));
    // The guide's commands use the default ports; the test gives the server free ones instead
    // and points the client commands at it (REHOOK_SERVER), as a second machine would.
    const server = await startServer('bash', ['-c', (serverBlocks[0] as { code: string }).code], {
      cwd: work,
      env: { ...env, REHOOK_PORT: '0', REHOOK_INGEST_PORT: '0' },
    });
    try {
      const out = await bash(rest, { REHOOK_SERVER: server.apiUrl });
      assert.match(out, /"ok":true/);
      assert.match(out, /^status\s+200$/m);
      assert.match(out, /\/i\/inb_\w+\/replayed/);
    } finally {
      await server.stop();
    }
  });
});
