// The results model of `npm run bench` (what bench/results/*.json holds) and the summary of one
// scenario's rounds.
import type { LoadResult, LoadSpec, SseResult } from './protocol.js';
import { median } from './stats.js';

export interface ScenarioDef {
  readonly id: string;
  readonly label: string;
  readonly kind: 'ceiling' | 'rehook';
  /** The process under load, whose CPU time is measured. */
  readonly server: 'ceiling' | 'rehook' | 'pg';
  /** The ceiling run with the same load shape, measured right before it in every round. */
  readonly ceilingId: string | null;
  readonly spec: LoadSpec;
}

/** One measured run, with the CPU the server and the load generator used meanwhile. */
export interface RunRecord extends LoadResult {
  /** CPU time of the server process over the run / run duration (1.0 = one core busy). */
  readonly serverCores: number;
  /** The same for the load generator (near 1.0 = it is the bottleneck). */
  readonly loadCores: number;
  /** Server CPU time per 2xx response, microseconds. */
  readonly cpuUsPerRequest: number;
}

export interface ScenarioSummary {
  readonly id: string;
  readonly label: string;
  readonly kind: 'ceiling' | 'rehook';
  readonly ceilingId: string | null;
  readonly request: { method: string; path: string; connections: number; durationSec: number; body: LoadSpec['body'] };
  /** Medians over the rounds. */
  readonly rps: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly ceilingRps: number | null;
  readonly ceilingP99: number | null;
  /** Medians of the per-run CPU figures (see RunRecord). */
  readonly serverCores: number;
  readonly loadCores: number;
  readonly cpuUsPerRequest: number;
  /** Median over rounds of rps / ceiling rps of the same round. */
  readonly ratio: number | null;
  readonly non2xx: number;
  readonly errors: number;
  readonly problems: readonly string[];
  readonly runs: readonly RunRecord[];
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryBytes: number;
  os: string;
  node: string;
  sqlite: string;
  betterSqlite3: string;
  autocannon: string;
  loadAverageBefore: number[];
  loadAverageAfter: number[];
}

export interface SustainedMemory {
  readonly seconds: number;
  readonly warmupMs: number;
  readonly rps: number;
  readonly p99: number;
  /** Non-2xx answers and errors during the phase. */
  readonly non2xx: number;
  readonly events: number;
  /** Median RSS over the first second after warm-up, and over the last second. */
  readonly startBytes: number;
  readonly endBytes: number;
  readonly peakBytes: number;
  /** end / start - 1 */
  readonly growth: number;
  /** Least-squares trend of RSS after warm-up, bytes per minute. */
  readonly trendBytesPerMin: number;
  readonly samples: readonly { t: number; bytes: number }[];
}

export interface StreamingMemory {
  readonly clients: number;
  readonly bodyBytes: number;
  readonly requestsPerClient: number;
  readonly bodyLimitBytes: number;
  readonly boundBytes: number;
  readonly baselineBytes: number;
  readonly peakBytes: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly problems: readonly string[];
  readonly seconds: number;
  readonly p50: number;
  readonly p99: number;
}

/** (g): delivery of live events to SSE subscribers while their inbox receives events. */
export interface LiveStream extends SseResult {
  readonly ratePerSec: number;
  readonly seconds: number;
}

export interface DiskResult {
  readonly events: number;
  readonly rawRequestBytes: number;
  /** Growth of the database as SQLite counts it (page_count x page_size, WAL included) per event. */
  readonly logicalBytesPerEvent: number;
  /** Growth of rehook.db + rehook.db-wal on disk per event. */
  readonly physicalBytesPerEvent: number;
  /** logical bytes per event / raw request bytes */
  readonly ratio: number;
  databaseBytesAtEnd: number;
  walBytesAtEnd: number;
}

export interface Target {
  readonly id: string;
  readonly text: string;
  readonly measured: string;
  readonly limit: string;
  /** measured / limit (for "at least" targets above 1 is better, for "under" targets below 1). */
  readonly ofLimit: number | null;
  readonly met: boolean | null;
  readonly note: string;
}

export interface BenchResults {
  version: 1;
  date: string;
  command: string;
  totalSeconds: number;
  buildOk: boolean;
  server: string;
  /** Abuse limits switched off for the run (environment assignments). */
  limitsOff: string[];
  postgres: { url: string; shutdownSeconds: number | null } | null;
  machine: Machine;
  options: Record<string, unknown>;
  seed: { seconds: number; rowsPerSec: number; bigEvents: number; smallEvents: number };
  scenarios: ScenarioSummary[];
  skipped: { id: string; label: string; reason: string }[];
  replayOverheadMs: { p50: number; p99: number } | null;
  live: LiveStream | null;
  memory: {
    sustained: SustainedMemory | null;
    streaming: StreamingMemory | null;
    rssAfterRounds: number[];
    rssBeforeStop: number;
    /** Events stored through HTTP over the whole run (all ingest scenarios and warm-ups). */
    eventsIngested: number;
  };
  disk: DiskResult | null;
  /** Graceful shutdown of the SQLite server at the end (SIGTERM to exit). */
  shutdown: { seconds: number; code: number | null };
  targets: Target[];
}

export function summarizeScenario(
  def: ScenarioDef,
  runs: readonly RunRecord[],
  runsOf: (id: string) => readonly RunRecord[],
): ScenarioSummary {
  const ceilingRuns = def.ceilingId === null ? [] : runsOf(def.ceilingId);
  const ratios = runs.map((r, i) => r.rps / (ceilingRuns[i]?.rps ?? Number.NaN));
  const url = new URL(def.spec.url);
  return {
    id: def.id,
    label: def.label,
    kind: def.kind,
    ceilingId: def.ceilingId,
    // Secrets (the API token) stay out of the results file.
    request: {
      method: def.spec.method,
      path: url.pathname,
      connections: def.spec.connections,
      durationSec: def.spec.durationSec,
      body: def.spec.body,
    },
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p90: median(runs.map((r) => r.p90)),
    p99: median(runs.map((r) => r.p99)),
    ceilingRps: def.ceilingId === null ? null : median(ceilingRuns.map((r) => r.rps)),
    ceilingP99: def.ceilingId === null ? null : median(ceilingRuns.map((r) => r.p99)),
    ratio: def.ceilingId === null ? null : median(ratios),
    serverCores: median(runs.map((r) => r.serverCores)),
    loadCores: median(runs.map((r) => r.loadCores)),
    cpuUsPerRequest: median(runs.map((r) => r.cpuUsPerRequest)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    problems: [...new Set(runs.flatMap((r) => r.problems))].slice(0, 5),
    runs,
  };
}
