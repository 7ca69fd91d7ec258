// Options of `npm run bench`: flags win over BENCH_* environment variables, which win over defaults.

export const SCENARIO_GROUPS = [
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'g',
  'h',
  'i',
  'disk',
  'search',
  'listen',
  'scale',
] as const;
export type ScenarioGroup = (typeof SCENARIO_GROUPS)[number];

export const PROFILE_SCENARIOS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export type ProfileScenario = (typeof PROFILE_SCENARIOS)[number];

export interface BenchOptions {
  /** Seconds per measured run. */
  readonly durationSec: number;
  /** Seconds of the warm-up run of each scenario (first round only, not reported). */
  readonly warmupSec: number;
  /** Connections of (a), (b), (d), (e) and their ceilings. */
  readonly connections: number;
  /** Connections of (c). */
  readonly highConnections: number;
  /**
   * Offered load of the fixed-rate rows of (a) (b) (c) (d), requests per second: their latency
   * below saturation, where a closed loop's latency is only connections / throughput.
   */
  readonly fixedRate: number;
  /** Connections of (f), the replay round trip, and of its direct-to-destination baseline. */
  readonly replayConnections: number;
  /** Body of (a), (c) and of the replayed event. */
  readonly bodySize: number;
  /** Body of (b). */
  readonly largeBodySize: number;
  /** Body of the event fetched in (e). */
  readonly eventBodySize: number;
  readonly repeats: number;
  /** Events seeded into the big inbox of (d). */
  readonly seedEvents: number;
  /** Events seeded into the small inbox of (d). */
  readonly smallInboxEvents: number;
  /** Body of each seeded list event (listing never reads bodies). */
  readonly seedBodySize: number;
  /** Seconds of the sustained-ingest phase (RSS flatness and bytes per event). */
  readonly sustainSec: number;
  /** Large-body memory phase: clients, body size, bodies per client. */
  readonly streamClients: number;
  readonly streamBodySize: number;
  readonly streamRequestsPerClient: number;
  /** Live-stream fan-out (g): subscribers, events per second ingested meanwhile, seconds. */
  readonly sseSubscribers: number;
  readonly sseRate: number;
  readonly sseSec: number;
  /** PostgreSQL for (h); loopback only. */
  readonly postgresUrl: string;
  readonly quick: boolean;
  readonly build: boolean;
  /** Render docs/benchmarks.md and docs/benchmarks.svg. */
  readonly docs: boolean;
  /** Results JSON path, relative to the repository root. */
  readonly out: string;
  readonly only: ReadonlySet<ScenarioGroup>;
  /** Profile the server with --cpu-prof under this scenario instead of running the suite. */
  readonly profile: ProfileScenario | null;
  /** Benchmark the build in this directory (holding dist/ and package.json) instead of building. */
  readonly distRoot: string | null;
  /** Only re-render docs/benchmarks.md and .svg from the results JSON (after editing bench/analysis.md). */
  readonly render: boolean;
  readonly help: boolean;
}

export const HELP = `Usage: npm run bench -- [options]

Builds Rehook, starts it and a bare node:http server (the ceiling) on loopback ports with a fresh
data directory, drives load from a separate autocannon process, prints one table, writes
bench/results/latest.json and renders docs/benchmarks.md + docs/benchmarks.svg.

Options (environment variable in brackets):
  --duration <s>        seconds per measured run                    [BENCH_DURATION]     (3; quick 1)
  --warmup <s>          warm-up seconds per scenario, first round   [BENCH_WARMUP]       (1; quick 0.5)
  --connections <n>     connections of (a) (b) (d) (e)               [BENCH_CONNECTIONS]  (50)
  --high-connections <n> connections of (c)                         [BENCH_HIGH_CONNECTIONS] (500)
  --rate <n>            offered req/s of the fixed-rate rows of (a) (b) (c) (d) [BENCH_RATE] (1000)
  --replay-connections <n> connections of (f)                       [BENCH_REPLAY_CONNECTIONS] (1)
  --body-size <size>    body of (a) and (c), e.g. 1024, 4KiB        [BENCH_BODY_SIZE]    (1KiB)
  --large-body-size <size> body of (b)                              [BENCH_LARGE_BODY_SIZE] (64KiB)
  --repeats <n>         interleaved rounds; medians are reported    [BENCH_REPEATS]      (3; quick 1)
  --seed-events <n>     events in the big inbox of (d)              [BENCH_SEED_EVENTS]  (1000000; quick 20000)
  --sustain <s>         sustained-ingest phase (RSS, disk)          [BENCH_SUSTAIN]      (10; quick 2)
  --stream-clients <n>  clients streaming large bodies (memory)      [BENCH_STREAM_CLIENTS] (200; quick 20)
  --stream-body-size <size> body each of them streams               [BENCH_STREAM_BODY_SIZE] (10MiB)
  --sse-subscribers <n> live-stream subscribers of (g)              [BENCH_SSE_SUBSCRIBERS] (100)
  --sse-rate <n>        events/s ingested into their inbox          [BENCH_SSE_RATE]     (100)
  --sse-seconds <s>     length of (g)                               [BENCH_SSE_SECONDS]  (8; quick 2)
  --postgres-url <url>  PostgreSQL for (h), loopback only            [BENCH_POSTGRES_URL]
                        (default REHOOK_TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
  --only <list>         comma-separated subset of ${SCENARIO_GROUPS.join(',')}   [BENCH_ONLY]
                        (search: p50/p99 of each filter of the event list on an inbox of
                        100,000 events, SQLite and the PostgreSQL of --postgres-url; bench/search.ts,
                        alone: npm run bench:search; quick: 20,000 events)
                        (listen: rehook listen's catch-up rate with a backlog of 100,000
                        events, its start-up and its lag under 500 events/s of ingest, SQLite
                        and PostgreSQL; bench/listen-scenario.ts, alone: npm run bench:listen;
                        quick: 5,000 events)
                        (scale: 10,000,000 events seeded in bulk, then p50/p99 of listing,
                        deep pages, searches and export, and bytes per million events, SQLite
                        and PostgreSQL; bench/scale.ts, alone with its options: npm run
                        bench:scale -- --events <n>; quick: 200,000 events)
  --quick               seconds-long smoke run; writes bench/results/quick.json, not the docs [BENCH_QUICK=1]
  --out <path>          results JSON (default bench/results/latest.json)
  --no-docs             do not render docs/benchmarks.md and .svg
  --no-build            skip \`npm run build\` (use the existing dist/; the bench's own files,
                        dist-bench/, are compiled when missing)
  --dist <dir>          benchmark the build under <dir> (dist/, package.json, node_modules),
                        e.g. a copy with an experimental change; implies --no-build
  --profile[=<a-h>]     run one scenario (default a) with the server under node --cpu-prof
                        and print where its CPU time goes (bench/results/profile-<x>.json;
                        the .cpuprofile is deleted); h profiles the Rehook-on-PostgreSQL
                        process and adds PostgreSQL's own time per statement
  --render              re-render docs/benchmarks.md and .svg from bench/results/latest.json
                        (e.g. after editing bench/analysis.md), without running anything
  --help
`;

const SIZE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  kb: 1000,
  kib: 1024,
  mb: 1000 ** 2,
  mib: 1024 ** 2,
  gb: 1000 ** 3,
  gib: 1024 ** 3,
};

/** Bytes from `1024`, `64KiB`, `10MiB`, `1MB`. */
export function parseSize(raw: string, name: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(raw);
  const unit = SIZE_UNITS[(match?.[2] ?? '').toLowerCase()];
  if (!match || unit === undefined) throw new Error(`${name}: not a size: ${JSON.stringify(raw)}`);
  return Math.round(Number(match[1]) * unit);
}

function parsePositive(raw: string, name: string, integer: boolean): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name}: expected a positive ${integer ? 'integer' : 'number'}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

const VALUE_FLAGS = new Set([
  'duration',
  'warmup',
  'connections',
  'high-connections',
  'rate',
  'replay-connections',
  'body-size',
  'large-body-size',
  'repeats',
  'seed-events',
  'sustain',
  'stream-clients',
  'stream-body-size',
  'sse-subscribers',
  'sse-rate',
  'sse-seconds',
  'postgres-url',
  'only',
  'out',
  'dist',
]);
const BOOLEAN_FLAGS = new Set(['quick', 'no-docs', 'no-build', 'profile', 'render', 'help']);

function profileScenario(raw: string | undefined): ProfileScenario | null {
  if (raw === undefined || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return null;
  if (raw === 'true' || raw === '1' || raw === '') return 'a';
  if ((PROFILE_SCENARIOS as readonly string[]).includes(raw)) return raw as ProfileScenario;
  throw new Error(`--profile: expected one of ${PROFILE_SCENARIOS.join(', ')}, got ${JSON.stringify(raw)}`);
}

export function parseOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): BenchOptions {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '-h') {
      flags.set('help', 'true');
      continue;
    }
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${JSON.stringify(arg)} (see --help)`);
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (BOOLEAN_FLAGS.has(name)) {
      flags.set(name, eq > 0 ? arg.slice(eq + 1) : 'true');
    } else if (VALUE_FLAGS.has(name)) {
      let value: string | undefined = arg.slice(eq + 1);
      if (eq <= 0) {
        i += 1;
        value = argv[i];
      }
      if (value === undefined) throw new Error(`--${name} needs a value`);
      flags.set(name, value);
    } else {
      throw new Error(`unknown option --${name} (see --help)`);
    }
  }
  const get = (flag: string): string | undefined => {
    const fromFlag = flags.get(flag);
    if (fromFlag !== undefined) return fromFlag;
    const fromEnv = env[`BENCH_${flag.toUpperCase().replace(/-/g, '_')}`];
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  };
  const isOn = (flag: string): boolean => {
    const value = get(flag);
    return value !== undefined && !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
  };
  const num = (flag: string, fallback: number, integer = false): number => {
    const raw = get(flag);
    return raw === undefined ? fallback : parsePositive(raw, `--${flag}`, integer);
  };
  const size = (flag: string, fallback: number): number => {
    const raw = get(flag);
    return raw === undefined ? fallback : parseSize(raw, `--${flag}`);
  };

  const quick = isOn('quick');
  const onlyRaw = get('only');
  const only = new Set<ScenarioGroup>();
  for (const part of (onlyRaw ?? SCENARIO_GROUPS.join(',')).split(',')) {
    const id = part.trim();
    if (id === '') continue;
    if (!(SCENARIO_GROUPS as readonly string[]).includes(id)) {
      throw new Error(`--only: unknown scenario ${JSON.stringify(id)} (one of ${SCENARIO_GROUPS.join(', ')})`);
    }
    only.add(id as ScenarioGroup);
  }
  return {
    durationSec: num('duration', quick ? 1 : 3),
    warmupSec: num('warmup', quick ? 0.5 : 1),
    connections: num('connections', 50, true),
    highConnections: num('high-connections', 500, true),
    fixedRate: num('rate', 1000, true),
    replayConnections: num('replay-connections', 1, true),
    bodySize: size('body-size', 1024),
    largeBodySize: size('large-body-size', 64 * 1024),
    eventBodySize: 1024 * 1024,
    repeats: num('repeats', quick ? 1 : 3, true),
    seedEvents: num('seed-events', quick ? 20_000 : 1_000_000, true),
    smallInboxEvents: 1000,
    seedBodySize: 256,
    sustainSec: num('sustain', quick ? 2 : 10),
    streamClients: num('stream-clients', quick ? 20 : 200, true),
    streamBodySize: size('stream-body-size', 10 * 1024 * 1024),
    streamRequestsPerClient: 1,
    sseSubscribers: num('sse-subscribers', 100, true),
    sseRate: num('sse-rate', 100),
    sseSec: num('sse-seconds', quick ? 2 : 8),
    postgresUrl: get('postgres-url') ?? env['REHOOK_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test',
    quick,
    build: !isOn('no-build') && get('dist') === undefined,
    docs: !quick && !isOn('no-docs') && onlyRaw === undefined && get('dist') === undefined,
    out:
      get('out') ??
      (quick
        ? 'bench/results/quick.json'
        : onlyRaw !== undefined || get('dist') !== undefined
          ? 'bench/results/partial.json'
          : 'bench/results/latest.json'),
    only,
    profile: profileScenario(get('profile')),
    distRoot: get('dist') ?? null,
    render: isOn('render'),
    help: isOn('help'),
  };
}
