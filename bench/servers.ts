// The processes a run measures: the bare node:http ceiling, Rehook (on SQLite, and on PostgreSQL
// for (h)) started from the build snapshot, and the load generator; seeded, wired and checked.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Janitor } from './janitor.js';
import { log } from './log.js';
import type { BenchOptions } from './options.js';
import { type PostgresTarget, preparePostgres } from './postgres.js';
import { LoadGenerator, type ManagedProcess, parseRehookUrls, spawnNode } from './processes.js';
import { api, bearer, createInbox, JSON_HEADERS } from './requests.js';
import { type SeedResult, seedDataDir } from './seed.js';

/**
 * Abuse limits switched off for the benchmark: one load generator on one address stands for
 * many senders, so the per-inbox ingest rate limit (default 100/s) and the per-address
 * connection cap (default 256, below the 500 connections of (c)) would only measure the limiters.
 */
export const LIMITS_OFF: Readonly<Record<string, string>> = {
  REHOOK_RATE_INGEST_PER_INBOX: '0',
  REHOOK_MAX_CONNECTIONS_PER_IP: '0',
  REHOOK_RATE_ANON_INBOXES: '0',
};

export interface RehookProcess {
  readonly proc: ManagedProcess;
  readonly apiUrl: string;
  readonly ingestUrl: string;
  readonly command: string;
}

export interface Servers {
  readonly ceiling: { proc: ManagedProcess; url: string };
  readonly rehook: RehookProcess;
  readonly load: LoadGenerator;
  /** Rehook on PostgreSQL for (h), when it can run. */
  readonly pg: (RehookProcess & { target: PostgresTarget }) | null;
}

export interface Inboxes {
  readonly a: string;
  readonly b: string;
  readonly c: string;
}

export interface Setup {
  readonly servers: Servers;
  readonly seed: SeedResult;
  readonly inboxes: Inboxes;
  /** Why (h) does not run, when it does not. */
  readonly pgSkipped: string | null;
}

/** Seeds a fresh data directory, starts the ceiling, Rehook (twice with (h)) and the load generator, checks the wiring. */
export async function setup(
  snap: string,
  opts: BenchOptions,
  janitor: Janitor,
  /** Extra node arguments (e.g. --cpu-prof) for the Rehook process on SQLite and the one on PostgreSQL. */
  nodeArgs: { readonly sqlite?: readonly string[]; readonly pg?: readonly string[] } = {},
): Promise<Setup> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-data-'));
  janitor.dirs.push(dataDir);
  const needBig = opts.only.has('d');
  const counts = `${needBig ? `${opts.seedEvents.toLocaleString('en-US')} + ` : ''}${opts.smallInboxEvents.toLocaleString('en-US')}`;
  log(`seeding ${counts} events (bulk path) into ${dataDir}...`);
  const seed = await seedDataDir(dataDir, {
    bigEvents: needBig ? opts.seedEvents : 0,
    smallEvents: opts.smallInboxEvents,
    seedBodySize: opts.seedBodySize,
    eventBodySize: opts.eventBodySize,
    replayBodySize: opts.bodySize,
  });
  log(`seeded in ${seed.seconds.toFixed(1)} s (${Math.round(seed.rowsPerSec).toLocaleString('en-US')} rows/s)`);

  let pg: Servers['pg'] = null;
  let pgSkipped: string | null = null;
  if (opts.only.has('h')) {
    const target = await preparePostgres(snap, opts.postgresUrl);
    if ('skipped' in target) {
      pgSkipped = target.skipped;
      log(`(h) ${pgSkipped}`);
    } else {
      janitor.tasks.push(() => target.drop());
      const pgDir = mkdtempSync(join(tmpdir(), 'rehook-bench-pgdata-'));
      janitor.dirs.push(pgDir);
      const proc = await startRehookProcess(snap, pgDir, opts, {
        name: 'rehook-pg',
        env: { DATABASE_URL: target.url },
        nodeArgs: nodeArgs.pg ?? [],
      });
      pg = { ...proc, target };
      log(`(h) Rehook on PostgreSQL ${target.display}`);
    }
  }

  const ceiling = await startCeiling(snap);
  const rehook = await startRehookProcess(snap, dataDir, opts, { nodeArgs: nodeArgs.sqlite ?? [] });
  const load = new LoadGenerator(join(snap, 'dist/bench/load.js'), snap);
  const servers: Servers = { ceiling, rehook, load, pg };
  const inboxes = {
    a: await createInbox(rehook.apiUrl, seed.token),
    b: await createInbox(rehook.apiUrl, seed.token),
    c: await createInbox(rehook.apiUrl, seed.token),
  };
  await smokeCheck(rehook, seed.token, opts, { eventId: seed.replayEventId, destination: `${ceiling.url}/hook` });
  if (pg !== null) await smokeCheck(pg, pg.target.token, opts);
  return { servers, seed, inboxes, pgSkipped };
}

/** Starts `rehook serve` (or the fallback wrapper when the CLI is not built) from the snapshot. */
export async function startRehookProcess(
  snap: string,
  dataDir: string,
  opts: BenchOptions,
  extra: { name?: string; nodeArgs?: readonly string[]; env?: Readonly<Record<string, string>> } = {},
): Promise<RehookProcess> {
  const nodeArgs = extra.nodeArgs ?? [];
  const cli = join(snap, 'dist/src/cli/index.js');
  const useCli = existsSync(cli);
  const script = useCli ? cli : join(snap, 'dist/bench/rehook-server.js');
  const flags = ['--port', '0', '--ingest-port', '0', '--data-dir', dataDir];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
    // `rehook serve` writes its first log line (the bound URLs) at info level; at warn it prints
    // nothing to parse. Request logging is off in Rehook, so info costs nothing per request.
    REHOOK_LOG_LEVEL: useCli ? 'info' : 'warn',
    REHOOK_MAX_BODY: String(Math.max(10 * 1024 * 1024, opts.streamBodySize)),
    ...LIMITS_OFF,
    ...extra.env,
  };
  // A DATABASE_URL from the caller's environment must not silently move the SQLite runs to PostgreSQL.
  if (extra.env?.['DATABASE_URL'] === undefined) delete env['DATABASE_URL'];
  const name = extra.name ?? 'rehook';
  const { proc, value } = await spawnNode(name, [...nodeArgs, script, ...(useCli ? ['serve'] : []), ...flags], {
    cwd: snap,
    env,
    match: parseRehookUrls,
  });
  const command = [
    'node',
    ...nodeArgs,
    useCli ? 'dist/src/cli/index.js serve' : 'dist/bench/rehook-server.js',
    '--port 0 --ingest-port 0 --data-dir <fresh temp dir>',
  ].join(' ');
  log(
    `${name} (${useCli ? 'CLI' : 'fallback wrapper'}) pid ${proc.pid}: API ${value.apiUrl}, ingest ${value.ingestUrl}`,
  );
  return { proc, ...value, command };
}

async function startCeiling(snap: string): Promise<Servers['ceiling']> {
  const { proc, value } = await spawnNode('ceiling', [join(snap, 'dist/bench/ceiling-server.js')], {
    cwd: snap,
    env: process.env,
    match: (line) => /"url":"(http:\/\/[^"]+)"/.exec(line)?.[1] ?? null,
  });
  log(`bare node:http ceiling pid ${proc.pid}: ${value}`);
  return { proc, url: value };
}

/** Checks the wiring once before measuring: ingest stores, listing sees it, replay reaches the destination. */
async function smokeCheck(
  server: RehookProcess,
  token: string,
  opts: BenchOptions,
  replay?: { eventId: string; destination: string },
): Promise<void> {
  const inbox = await createInbox(server.apiUrl, token);
  const res = await fetch(`${server.ingestUrl}/i/${inbox}/smoke`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{"smoke":true}',
  });
  if (res.status !== 200) throw new Error(`smoke ingest answered ${res.status}: ${await res.text()}`);
  await res.text();
  const events = await api<unknown[]>(`${server.apiUrl}/api/v1/inboxes/${inbox}/events`, { headers: bearer(token) });
  if (!Array.isArray(events) || events.length !== 1) {
    throw new Error(`smoke: expected 1 listed event, got ${JSON.stringify(events).slice(0, 200)}`);
  }
  if (replay !== undefined && opts.only.has('f')) {
    await api(`${server.apiUrl}/api/v1/events/${replay.eventId}/replay`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ destination: replay.destination }),
    });
  }
}

export async function stopTimed(proc: ManagedProcess): Promise<{ seconds: number; code: number | null }> {
  const started = performance.now();
  const code = await proc.stop(60_000);
  return { seconds: (performance.now() - started) / 1000, code };
}
