// Results model, targets of issue 4, and the renderings: the stdout table, docs/benchmarks.md
// and the SVG chart (generated here, no charting dependency).
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

// ---- formatting -------------------------------------------------------------------------------

export function fmtInt(n: number | null): string {
  return n === null || !Number.isFinite(n) ? '—' : Math.round(n).toLocaleString('en-US');
}

export function fmtMs(n: number | null): string {
  if (n === null || !Number.isFinite(n)) return '—';
  if (Math.abs(n) < 10) return n.toFixed(2);
  if (Math.abs(n) < 100) return n.toFixed(1);
  return n.toFixed(0);
}

export function fmtRatio(n: number | null): string {
  return n === null || !Number.isFinite(n) ? '—' : n.toFixed(2);
}

export function fmtBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return '—';
  const abs = Math.abs(bytes);
  if (abs >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  if (abs >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (abs >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${Math.round(bytes)} B`;
}

function pct(n: number): string {
  return `${n >= 0 ? '+' : ''}${(n * 100).toFixed(1)}%`;
}

function status(met: boolean | null): string {
  return met === null ? 'n/a' : met ? 'met' : 'MISSED';
}

// ---- targets ----------------------------------------------------------------------------------

export function evaluateTargets(results: BenchResults): Target[] {
  const s = (id: string): ScenarioSummary | undefined => results.scenarios.find((x) => x.id === id);
  const targets: Target[] = [];
  const a = s('a');
  if (a) {
    targets.push({
      id: 'a-throughput',
      text: '(a) ingest throughput at least 0.6 of bare Node',
      measured: `${fmtRatio(a.ratio)} of bare Node (${fmtInt(a.rps)} vs ${fmtInt(a.ceilingRps)} req/s)`,
      limit: '≥ 0.60',
      ofLimit: a.ratio === null ? null : a.ratio / 0.6,
      met: a.ratio === null ? null : a.ratio >= 0.6,
      note: 'synchronous=FULL, 200 only after COMMIT (the store sets both)',
    });
    targets.push({
      id: 'a-p99',
      text: '(a) ingest p99 under 10 ms',
      measured: `${fmtMs(a.p99)} ms`,
      limit: '< 10 ms',
      ofLimit: a.p99 / 10,
      met: a.p99 < 10,
      note: `bare Node p99 ${fmtMs(a.ceilingP99)} ms`,
    });
  }
  /** (b) or (c) against (a) under the same load: p99 within 2x. */
  const within2x = (
    id: string,
    x: ScenarioSummary | undefined,
    base: ScenarioSummary | undefined,
    how: string,
    note: string,
  ): void => {
    if (!x || !base) return;
    const factor = x.p99 / base.p99;
    targets.push({
      id: `${id}-p99`,
      text: `(${id[0] ?? ''}) p99 within 2x of (a)'s p99, ${how}`,
      measured: `${fmtMs(x.p99)} ms = ${fmtRatio(factor)}x (a: ${fmtMs(base.p99)} ms)`,
      limit: '≤ 2.00x',
      ofLimit: factor / 2,
      met: factor <= 2,
      note: `${x.label.replace(/^\([a-z]\) /, '')}${note}`,
    });
  };
  for (const id of ['b', 'c']) within2x(id, s(id), a, 'both at saturation (closed loop)', '');
  // The same comparison below saturation: every row offered the same request rate, so latency is
  // the server's own and not connections / throughput (see the Method section).
  const rate = `both at ${fmtInt(Number(results.options['fixedRate']))} req/s offered`;
  for (const id of ['b-rate', 'c-rate']) {
    const x = s(id);
    within2x(id, x, s('a-rate'), rate, x ? `; ${fmtInt(x.rps)} req/s answered` : '');
  }
  const big = s('d-big');
  const small = s('d-small');
  const deep = s('d-deep');
  for (const x of [big, small, deep, s('d-big-rate'), s('d-small-rate')]) {
    if (!x) continue;
    targets.push({
      id: `${x.id}-p99`,
      text: `(d) list p99 under 5 ms, ${x.label
        .replace(
          /^\(d\) list (first page|a different page each request), /,
          x.id === 'd-deep' ? 'a different page each request, ' : '',
        )
        .replace(/, \d+ conn$/, '')
        .replace(/, \d+ conn, /, ', ')}${x.id.endsWith('-rate') ? '' : ', at saturation'}`,
      measured: `${fmtMs(x.p99)} ms`,
      limit: '< 5 ms',
      ofLimit: x.p99 / 5,
      met: x.p99 < 5,
      note: `${fmtInt(x.rps)} req/s`,
    });
  }
  if (big && small) {
    const rpsRatio = big.rps / small.rps;
    targets.push({
      id: 'd-independent',
      text: `(d) listing independent of inbox size (${fmtInt(results.seed.bigEvents)} vs ${fmtInt(results.seed.smallEvents)} events)`,
      measured: `throughput ${fmtRatio(rpsRatio)}x, p99 ${fmtRatio(big.p99 / small.p99)}x`,
      limit: 'throughput ≥ 0.80x',
      ofLimit: rpsRatio / 0.8,
      met: rpsRatio >= 0.8,
      note: 'big inbox vs small inbox in the same rounds',
    });
  }
  const overhead = results.replayOverheadMs;
  if (overhead) {
    const f = s('f');
    targets.push({
      id: 'f-overhead',
      text: '(f) replay overhead above the destination under 2 ms p50',
      measured: `${fmtMs(overhead.p50)} ms p50 (p99 ${fmtMs(overhead.p99)} ms)`,
      limit: '< 2 ms',
      ofLimit: overhead.p50 / 2,
      met: overhead.p50 < 2,
      note: f ? `replay p50 ${fmtMs(f.p50)} ms vs direct p50 ${fmtMs(s('f-direct')?.p50 ?? null)} ms` : '',
    });
  }
  const live = results.live;
  const liveSkipped = results.skipped.find((k) => k.id === 'g');
  if (live) {
    const complete = live.connected === live.subscribers && live.deliveries === live.expected && live.expected > 0;
    targets.push({
      id: 'g-sse',
      text: `(g) SSE delivery p99 under 50 ms (${live.subscribers} subscribers, ${live.ratePerSec} events/s)`,
      measured: `p99 ${fmtMs(live.p99)} ms, p50 ${fmtMs(live.p50)} ms`,
      limit: '< 50 ms',
      ofLimit: live.p99 / 50,
      met: live.p99 < 50 && complete,
      note: `${fmtInt(live.deliveries)} of ${fmtInt(live.expected)} deliveries${complete ? '' : ' (INCOMPLETE)'}; measured from the ingest request being sent`,
    });
  } else if (liveSkipped) {
    targets.push({
      id: 'g-sse',
      text: '(g) SSE delivery p99 under 50 ms',
      measured: 'not measured',
      limit: '< 50 ms',
      ofLimit: null,
      met: null,
      note: liveSkipped.reason,
    });
  }
  const sustained = results.memory.sustained;
  if (sustained) {
    targets.push({
      id: 'rss-flat',
      text: '(i) RSS flat during sustained ingest (no growth after warm-up)',
      measured: `${fmtBytes(sustained.startBytes)} → ${fmtBytes(sustained.endBytes)} (${pct(sustained.growth)}; trend ${fmtBytes(sustained.trendBytesPerMin)}/min)`,
      limit: '≤ +10%',
      ofLimit: sustained.growth / 0.1,
      met: sustained.growth <= 0.1,
      note: `${fmtInt(sustained.events)} events over ${sustained.seconds} s`,
    });
  }
  const streaming = results.memory.streaming;
  if (streaming) {
    const above = streaming.peakBytes - streaming.baselineBytes;
    const of = above / streaming.boundBytes;
    targets.push({
      id: 'rss-bounded',
      text: `(i) RSS bounded by body limit x concurrency while ${streaming.clients} clients stream ${fmtBytes(streaming.bodyBytes)}`,
      measured: `peak ${fmtBytes(streaming.peakBytes)} = ${fmtBytes(above)} above the ${fmtBytes(streaming.baselineBytes)} before`,
      limit: `≤ ${fmtBytes(streaming.boundBytes)} above`,
      ofLimit: of,
      met: of <= 1 && streaming.errors === 0 && streaming.ok === streaming.clients * streaming.requestsPerClient,
      note: `${streaming.ok} stored, ${streaming.non2xx} non-2xx, ${streaming.errors} errors; total peak is ${fmtRatio(streaming.peakBytes / streaming.boundBytes)}x the bound`,
    });
  }
  const disk = results.disk;
  if (disk) {
    targets.push({
      id: 'disk',
      text: 'Disk: bytes per stored event within 1.5x of the raw request',
      measured: `${fmtInt(disk.logicalBytesPerEvent)} B vs ${fmtInt(disk.rawRequestBytes)} B raw = ${fmtRatio(disk.ratio)}x`,
      limit: '≤ 1.50x',
      ofLimit: disk.ratio / 1.5,
      met: disk.ratio <= 1.5,
      note: `DB + WAL files grew ${fmtInt(disk.physicalBytesPerEvent)} B per event`,
    });
  }
  const h = s('h');
  const hSkipped = results.skipped.find((k) => k.id === 'h');
  if (h) {
    targets.push({
      id: 'h-postgres',
      text: '(h) the same ingest on PostgreSQL (no target of its own; compared with (a))',
      measured: `${fmtRatio(h.ratio)} of bare Node, p99 ${fmtMs(h.p99)} ms`,
      limit: '—',
      ofLimit: null,
      met: null,
      note: a ? `(a) on SQLite: ${fmtRatio(a.ratio)} of bare Node, p99 ${fmtMs(a.p99)} ms` : '',
    });
  } else if (hSkipped) {
    targets.push({
      id: 'h-postgres',
      text: '(h) the same ingest on PostgreSQL',
      measured: 'not measured',
      limit: '—',
      ofLimit: null,
      met: null,
      note: hSkipped.reason,
    });
  }
  return targets;
}

/** Target notes per scenario row of the table. */
function targetCell(results: BenchResults, scenarioId: string): string {
  const parts: string[] = [];
  const byId = (id: string): Target | undefined => results.targets.find((t) => t.id === id);
  const add = (id: string, short: string): void => {
    const t = byId(id);
    if (t) parts.push(`${short} ${status(t.met)}`);
  };
  if (scenarioId === 'a') {
    add('a-throughput', '≥0.6x:');
    add('a-p99', 'p99<10ms:');
  } else if (['b', 'c', 'b-rate', 'c-rate'].includes(scenarioId)) add(`${scenarioId}-p99`, 'p99≤2x(a):');
  else if (scenarioId === 'd-big-rate' || scenarioId === 'd-small-rate') add(`${scenarioId}-p99`, 'p99<5ms:');
  else if (scenarioId === 'd-big') {
    add('d-big-p99', 'p99<5ms:');
    add('d-independent', '=1k:');
  } else if (scenarioId === 'd-small') add('d-small-p99', 'p99<5ms:');
  else if (scenarioId === 'd-deep') add('d-deep-p99', 'p99<5ms:');
  else if (scenarioId === 'h') parts.push('no target; compare (a)');
  else if (scenarioId === 'f') {
    const o = results.replayOverheadMs;
    if (o) parts.push(`overhead p50 ${fmtMs(o.p50)} ms <2ms: ${status(byId('f-overhead')?.met ?? null)}`);
  }
  return parts.join(', ');
}

// ---- stdout table -----------------------------------------------------------------------------

interface Row {
  cells: string[];
  /** A row whose text spans the value columns. */
  span?: string;
}

function rows(results: BenchResults): Row[] {
  const out: Row[] = [];
  for (const s of results.scenarios) {
    const errs = s.non2xx + s.errors > 0 ? ` [${s.non2xx} non-2xx, ${s.errors} errors]` : '';
    out.push({
      cells: [
        s.label,
        fmtInt(s.rps),
        fmtMs(s.p50),
        fmtMs(s.p99),
        s.kind === 'ceiling' ? '—' : fmtInt(s.ceilingRps),
        s.kind === 'ceiling' ? '—' : fmtRatio(s.ratio),
        fmtRatio(s.serverCores),
        fmtInt(s.cpuUsPerRequest),
        fmtRatio(s.loadCores),
        targetCell(results, s.id) + errs,
      ],
    });
  }
  const live = results.live;
  if (live) {
    const t = results.targets.find((x) => x.id === 'g-sse');
    out.push({
      cells: [`(g) live stream: ${live.subscribers} SSE subscribers, ${live.ratePerSec} events/s ingested`],
      span: `delivery p50 ${fmtMs(live.p50)} ms, p99 ${fmtMs(live.p99)} ms, ${fmtInt(live.deliveries)}/${fmtInt(live.expected)} delivered; p99<50ms: ${status(t?.met ?? null)}`,
    });
  }
  for (const k of results.skipped) out.push({ cells: [k.label], span: k.reason });
  const m = results.memory;
  if (m.sustained) {
    const t = results.targets.find((x) => x.id === 'rss-flat');
    out.push({
      cells: [`(i) RSS, sustained ingest (${fmtInt(m.sustained.events)} events, ${m.sustained.seconds} s)`],
      span: `after warm-up ${fmtBytes(m.sustained.startBytes)} → end ${fmtBytes(m.sustained.endBytes)} (${pct(m.sustained.growth)}, trend ${fmtBytes(m.sustained.trendBytesPerMin)}/min), peak ${fmtBytes(m.sustained.peakBytes)}; flat: ${status(t?.met ?? null)}`,
    });
  }
  if (m.streaming) {
    const t = results.targets.find((x) => x.id === 'rss-bounded');
    out.push({
      cells: [`(i) RSS, ${m.streaming.clients} clients x ${fmtBytes(m.streaming.bodyBytes)} bodies`],
      span: `peak ${fmtBytes(m.streaming.peakBytes)}, ${fmtBytes(m.streaming.peakBytes - m.streaming.baselineBytes)} above before, vs limit x concurrency ${fmtBytes(m.streaming.boundBytes)} (${fmtRatio((m.streaming.peakBytes - m.streaming.baselineBytes) / m.streaming.boundBytes)}x); ${m.streaming.ok} stored in ${m.streaming.seconds.toFixed(1)} s; bounded: ${status(t?.met ?? null)}`,
    });
  }
  if (results.disk) {
    const t = results.targets.find((x) => x.id === 'disk');
    out.push({
      cells: ['disk: bytes per stored 1 KiB event'],
      span: `${fmtInt(results.disk.logicalBytesPerEvent)} B vs raw request ${fmtInt(results.disk.rawRequestBytes)} B (${fmtRatio(results.disk.ratio)}x; files ${fmtInt(results.disk.physicalBytesPerEvent)} B); ≤1.5x: ${status(t?.met ?? null)}`,
    });
  }
  return out;
}

const HEADERS = [
  'Scenario',
  'req/s',
  'p50 ms',
  'p99 ms',
  'ceiling req/s',
  'ratio',
  'srv CPU',
  'CPU µs/req',
  'gen CPU',
  'targets',
];

export function renderTable(results: BenchResults): string {
  const all = rows(results);
  const widths = HEADERS.map((h, i) =>
    Math.max(h.length, ...all.filter((r) => r.span === undefined || i === 0).map((r) => (r.cells[i] ?? '').length)),
  );
  const right = new Set([1, 2, 3, 4, 5, 6, 7, 8]);
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const out = [
    `Rehook benchmark, ${results.date} — medians of ${String(results.options['repeats'])} interleaved rounds of ${String(results.options['durationSec'])} s`,
    line(HEADERS),
    widths.map((w) => '-'.repeat(w)).join('  '),
  ];
  for (const r of all) {
    out.push(r.span === undefined ? line(r.cells) : `${(r.cells[0] ?? '').padEnd(widths[0] ?? 0)}  ${r.span}`);
  }
  const met = results.targets.filter((t) => t.met === true).length;
  const missed = results.targets.filter((t) => t.met === false).length;
  out.push('', `Targets: ${met} met, ${missed} missed, ${results.targets.length - met - missed} not measurable yet.`);
  for (const t of results.targets) {
    out.push(`  [${status(t.met).padEnd(6)}] ${t.text}: ${t.measured} (target ${t.limit})`);
  }
  return out.join('\n');
}

// ---- markdown ---------------------------------------------------------------------------------

function mdEscape(text: string): string {
  return text.replace(/\|/g, '\\|');
}

interface ProfileExtras {
  readonly profiles: readonly unknown[];
  readonly analysis: string | null;
}

function profileSection(profile: unknown): string[] {
  if (typeof profile !== 'object' || profile === null) return [];
  const p = profile as {
    date?: string;
    scenario?: string;
    load?: { rps?: number; p50?: number; p99?: number; seconds?: number };
    top?: { name: string; location: string; selfMs: number; selfPct: number }[];
    byCategory?: { category: string; selfMs: number; selfPct: number }[];
    rehookInclusive?: { name: string; location: string; totalMs: number; totalPct: number }[];
  };
  if (!Array.isArray(p.top)) return [];
  const letter = /^\(([a-h])\)/.exec(p.scenario ?? '')?.[1] ?? 'a';
  const out = [
    `### CPU profile: ${p.scenario ?? '?'}`,
    '',
    `\`npm run bench -- --profile=${letter}\` (${p.date ?? '?'}): the Rehook process ran under \`node --cpu-prof\` for ${p.load?.seconds ?? '?'} s ` +
      `at ${fmtInt(p.load?.rps ?? null)} req/s (p99 ${fmtMs(p.load?.p99 ?? null)} ms; profiling slows it down). ` +
      "Shares are of the main thread's busy time; locations are of the compiled files in dist/.",
    '',
    '| Area (self time) | Time | Share |',
    '|---|---:|---:|',
  ];
  for (const c of (p.byCategory ?? []).slice(0, 6))
    out.push(`| ${mdEscape(c.category)} | ${fmtInt(c.selfMs)} ms | ${c.selfPct.toFixed(1)}% |`);
  out.push('', '| Function (self time) | Where | Time | Share |', '|---|---|---:|---:|');
  for (const f of p.top.slice(0, 10)) {
    out.push(
      `| \`${mdEscape(f.name)}\` | ${mdEscape(f.location)} | ${fmtInt(f.selfMs)} ms | ${f.selfPct.toFixed(1)}% |`,
    );
  }
  const inclusive = (p.rehookInclusive ?? []).filter((f) => f.name !== '(anonymous)').slice(0, 6);
  if (inclusive.length > 0) {
    out.push('', '| Rehook function (inclusive time) | Where | Time | Share |', '|---|---|---:|---:|');
    for (const f of inclusive) {
      out.push(
        `| \`${mdEscape(f.name)}\` | ${mdEscape(f.location)} | ${fmtInt(f.totalMs)} ms | ${f.totalPct.toFixed(1)}% |`,
      );
    }
  }
  out.push('');
  return out;
}

export function renderMarkdown(results: BenchResults, extras: ProfileExtras): string {
  const m = results.machine;
  const o = results.options;
  const out: string[] = [
    '# Benchmarks',
    '',
    '<!-- Generated by `npm run bench` (bench/run.ts). Do not edit by hand: run the benchmark again.',
    '     The "What is in the way" section comes from bench/analysis.md. -->',
    '',
    `Latest run: **${results.date}**, \`${results.command}\`, ${results.totalSeconds.toFixed(0)} s in all (build included).`,
    'Scenarios and targets are those of issue 4. Every Rehook scenario is compared with a bare',
    '`node:http` server that answers 200 without doing anything, driven with the same request shape',
    'in the same round, so the ratios hold even though absolute numbers move with the machine.',
    '',
    '## Machine',
    '',
    '| | |',
    '|---|---|',
    `| CPU | ${mdEscape(m.cpu)}, ${m.cores} cores |`,
    `| Memory | ${fmtBytes(m.memoryBytes)} |`,
    `| OS | ${mdEscape(m.os)} |`,
    `| Node.js | ${m.node} |`,
    `| SQLite | ${m.sqlite} (better-sqlite3 ${m.betterSqlite3}) |`,
    `| Load generator | autocannon ${m.autocannon}, in its own process |`,
    `| Load average (1/5/15 min) | before ${m.loadAverageBefore.join(' / ')}, after ${m.loadAverageAfter.join(' / ')} |`,
    '',
    '## How to run',
    '',
    '```sh',
    'npm run bench                     # full run (under 5 minutes on a quiet machine), rewrites this page',
    'npm run bench -- --quick          # seconds-long smoke run, writes bench/results/quick.json only',
    'npm run bench -- --duration 10 --repeats 5 --connections 100 --body-size 4KiB',
    'npm run bench -- --only a,d       # a subset (writes bench/results/partial.json)',
    'npm run bench -- --profile        # scenario (a) with the server under node --cpu-prof (--profile=d for (d), ...)',
    'npm run bench -- --help',
    '```',
    '',
    `This run: ${String(o['repeats'])} interleaved rounds of ${String(o['durationSec'])} s per scenario after a ${String(o['warmupSec'])} s warm-up of each, ` +
      `${String(o['connections'])} connections (${String(o['highConnections'])} for (c), ${String(o['replayConnections'])} for (f)), ` +
      `${fmtBytes(Number(o['bodySize']))} JSON bodies, ${fmtBytes(Number(o['largeBodySize']))} binary bodies for (b). ` +
      `The list inbox was seeded with ${fmtInt(results.seed.bigEvents)} events in ${results.seed.seconds.toFixed(1)} s ` +
      `(${fmtInt(results.seed.rowsPerSec)} rows/s through the bulk path). Raw data: \`bench/results/latest.json\`.`,
    '',
    '## Results',
    '',
    'Medians over the rounds; latencies from every 2xx response (sub-millisecond resolution); *ratio* is',
    "Rehook's throughput over the bare-Node ceiling with the same request shape, taken per round, median.",
    '*Server CPU* is the CPU time the server process (all its threads) used during the run divided by the',
    "run's length (1.00 = one core busy), *CPU µs/req* the same per answered request, *generator CPU* the",
    "load generator's share: near 1.00 the generator, not the server, limits the run. The (h) row counts",
    'the Rehook process only, not the PostgreSQL server processes.',
    '',
    `| Scenario | req/s | p50 ms | p99 ms | ceiling req/s | ratio | server CPU | CPU µs/req | generator CPU | targets |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const all = rows(results);
  for (const r of all.filter((x) => x.span === undefined)) out.push(`| ${r.cells.map(mdEscape).join(' | ')} |`);
  out.push('', '| Scenario | Result |', '|---|---|');
  for (const r of all.filter((x) => x.span !== undefined))
    out.push(`| ${mdEscape(r.cells[0] ?? '')} | ${mdEscape(r.span ?? '')} |`);
  out.push('', '![Throughput and p99 per scenario, Rehook vs the bare-Node ceiling](benchmarks.svg)', '');
  out.push(
    '## Targets (issue 4)',
    '',
    '| Target | Measured | Target | Of target | Status | Note |',
    '|---|---|---|---:|---|---|',
  );
  for (const t of results.targets) {
    out.push(
      `| ${mdEscape(t.text)} | ${mdEscape(t.measured)} | ${mdEscape(t.limit)} | ${t.ofLimit === null ? '—' : `${fmtRatio(t.ofLimit)}x`} | ${t.met === null ? 'n/a' : t.met ? 'met' : '**missed**'} | ${mdEscape(t.note)} |`,
    );
  }
  out.push(
    '',
    '"Of target" is the measured value divided by the target: above 1 is good for "at least" targets',
    '(throughput), below 1 is good for "under" targets (latency, memory, disk).',
    '',
  );
  const s = results.memory.sustained;
  const st = results.memory.streaming;
  const d = results.disk;
  out.push('## Memory and disk', '');
  if (s) {
    out.push(
      `- **Sustained ingest**: ${s.seconds} s of scenario (a) into a fresh inbox (${fmtInt(s.events)} events, ${fmtInt(s.rps)} req/s), ` +
        `server RSS sampled every 250 ms from \`/proc/<pid>/status\`: ${fmtBytes(s.startBytes)} in the first second after ` +
        `${(s.warmupMs / 1000).toFixed(1)} s of warm-up, ${fmtBytes(s.endBytes)} in the last second (${pct(s.growth)}; least-squares trend after warm-up ${fmtBytes(s.trendBytesPerMin)} per minute), peak ${fmtBytes(s.peakBytes)}. ` +
        `RSS after each measured round: ${results.memory.rssAfterRounds.map((b) => fmtBytes(b)).join(', ')}; ` +
        `before shutdown ${fmtBytes(results.memory.rssBeforeStop)}, after ${fmtInt(results.memory.eventsIngested)} events ingested over HTTP in this run ` +
        `(on top of the ${fmtInt(results.seed.bigEvents + results.seed.smallEvents)} seeded ones).`,
    );
  }
  if (st) {
    out.push(
      `- **Large bodies**: ${st.clients} concurrent clients each streamed ${st.requestsPerClient} body of ${fmtBytes(st.bodyBytes)} ` +
        `(in 256 KiB writes) to one inbox; body limit ${fmtBytes(st.bodyLimitBytes)}, so the bound is ${fmtBytes(st.boundBytes)}. ` +
        `RSS ${fmtBytes(st.baselineBytes)} before, peak ${fmtBytes(st.peakBytes)} (sampled every 100 ms); ${st.ok} stored, ` +
        `${st.non2xx} non-2xx, ${st.errors} errors in ${st.seconds.toFixed(1)} s (per request p50 ${fmtMs(st.p50)} ms, p99 ${fmtMs(st.p99)} ms).` +
        (st.problems.length > 0 ? ` Problems: ${st.problems.join('; ')}.` : ''),
    );
  }
  const live = results.live;
  if (live) {
    out.push(
      `- **Live stream (g)**: ${live.connected} of ${live.subscribers} SSE subscribers on one inbox while it received ${fmtInt(live.sent)} ` +
        `events at ${live.ratePerSec}/s for ${live.seconds} s (open loop, ${fmtBytes(Number(o['bodySize']))} JSON): ${fmtInt(live.deliveries)} of ` +
        `${fmtInt(live.expected)} deliveries; latency from the ingest request being sent to a subscriber reading the event: ` +
        `p50 ${fmtMs(live.p50)} ms, p90 ${fmtMs(live.p90)} ms, p99 ${fmtMs(live.p99)} ms, max ${fmtMs(live.max)} ms ` +
        `(the ingest requests themselves: p50 ${fmtMs(live.ingestP50)} ms, p99 ${fmtMs(live.ingestP99)} ms).` +
        (live.problems.length > 0 ? ` Problems: ${live.problems.join('; ')}.` : ''),
    );
  }
  if (d) {
    out.push(
      `- **Disk**: over the sustained-ingest phase the database grew ${fmtInt(d.logicalBytesPerEvent)} bytes per stored event ` +
        `(SQLite page_count x page_size, WAL included; ${fmtInt(d.physicalBytesPerEvent)} B per event in rehook.db + rehook.db-wal file sizes) ` +
        `for a raw request of ${fmtInt(d.rawRequestBytes)} bytes (request line, headers and body exactly as sent): ${fmtRatio(d.ratio)}x. ` +
        `Files at the end of the run: rehook.db ${fmtBytes(d.databaseBytesAtEnd)}, WAL ${fmtBytes(d.walBytesAtEnd)}.`,
    );
  }
  out.push(
    `- **Shutdown**: SIGTERM to exit took ${results.shutdown.seconds.toFixed(1)} s (exit code ${String(results.shutdown.code)}).`,
  );
  out.push(
    '',
    '## Method',
    '',
    '- `npm run bench` builds Rehook (`npm run build`), copies the build to a temporary directory (so a',
    '  rebuild in the repository cannot change it mid-run), seeds a fresh data directory, then starts',
    `  three processes: Rehook (\`${results.server}\`, with REHOOK_ALLOW_PRIVATE_DESTINATIONS=1), the`,
    '  bare `node:http` ceiling, and the load generator (autocannon, driven over IPC). The driver itself only',
    '  orchestrates and samples RSS. Everything listens and connects on 127.0.0.1 only.',
    `- Abuse limits that would only measure themselves are off: ${results.limitsOff.map((l) => `\`${l}\``).join(', ')}`,
    '  (one load generator on one address stands for many senders; (c) needs 500 connections from it).',
    "- Inboxes belong to the benchmark's account (persistent inboxes: the anonymous-inbox event cap does not",
    "  apply), so API requests carry its token and pay for its verification, as a real client's would.",
    '- Rounds are interleaved: each Rehook scenario runs right after the ceiling run with the same request',
    '  shape (same method, body, headers and connections), every round; the table shows medians.',
    `- Rows ending in "req/s offered" send the same request shape open-loop at a fixed rate (${fmtInt(Number(o['fixedRate']))} req/s, \`--rate\`,`,
    '  evenly spaced over the same number of pre-opened keep-alive connections, never waiting for answers,',
    '  so a stall is not hidden by the generator waiting for it; latency counts from handing the request to',
    '  its connection, including any wait behind the previous one on it). In a closed loop every',
    '  connection sends its next request the moment the last is answered, so latency there is connections /',
    "  throughput (Little's law: 500 connections queue ten times as long as 50 at the same throughput, on the",
    '  bare server too); at a fixed rate below saturation it is the time the server itself takes. The latency',
    '  targets are reported both ways. These rows have no ceiling: both servers answer the offered rate.',
    '- Before every row the driver settles the machine: it checkpoints the whole WAL (PASSIVE, retried',
    '  until every frame is copied) and waits until the Rehook, ceiling and PostgreSQL-backed Rehook',
    '  processes are idle (at most 10 s for the WAL, 3 s for the CPU). A row so measures its own requests',
    '  (and the checkpoints they cause while it runs), not the backlog left by the row before it: after (b)',
    "  that backlog is hundreds of MB, and copying it during the next rows halved even the bare server's",
    '  throughput.',
    "- Latencies are recorded from every 2xx response inside the load process (autocannon's own histogram",
    '  rounds to whole milliseconds). Non-2xx answers and errors are counted and shown, never averaged in.',
    '- (d) seeds its inboxes before the server starts, through a bulk path: a prepared INSERT in',
    `  transactions of 50,000 rows on the store's own connection, events of ${fmtBytes(Number(o['seedBodySize']))} bodies`,
    '  (listing never reads bodies). (e) and (f) use seeded fixture events (1 MiB JSON; a 1 KiB JSON event).',
    '- (g) opens the SSE subscriptions first, then ingests at a fixed rate; every ingest request carries',
    '  `?bench_seq=<n>`, so each delivery is matched to the moment its request was sent.',
    ...(results.postgres === null
      ? []
      : [
          `- (h) runs a second Rehook process on PostgreSQL (${mdEscape(results.postgres.url)}, a fresh schema dropped`,
          '  afterwards) with the request of (a), right after (a) in every round, against the same ceiling run.',
        ]),
    '- (f) replays to the ceiling server (it answers at once); the overhead is replay p50 minus the p50 of',
    '  the same request sent straight to it in the same round. Rehook opens a fresh connection per replay',
    '  (its SSRF guard checks every dialed address), so connection set-up is part of the overhead.',
    '- Every process shares the same machine: absolute numbers move with whatever else runs there (see the',
    '  load averages above); the ratios and the medians of interleaved rounds are what to compare.',
    '',
  );
  if (results.skipped.length > 0) {
    out.push('## Not measured yet', '');
    for (const k of results.skipped) out.push(`- ${k.label}: ${k.reason}.`);
    out.push('');
  }
  const profile = extras.profiles.flatMap(profileSection);
  if (extras.analysis !== null || profile.length > 0) {
    out.push('## What is in the way', '');
    if (extras.analysis !== null) out.push(extras.analysis.trim(), '');
    out.push(...profile);
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

// ---- SVG chart --------------------------------------------------------------------------------

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function shortLabel(s: ScenarioSummary): string {
  return s.label
    .replace('list first page, inbox of ', 'list, inbox of ')
    .replace(' round trip to a local destination', ' to a local destination')
    .replace(/get one event with a (.*) body/, 'get one event, $1 body')
    .replace('1024 KiB', '1 MiB');
}

/** A round step for about `count` ticks up to `max`. */
function niceStep(max: number, count: number): number {
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((m) => m >= raw);
  return step ?? 10 * magnitude;
}

/** Two panels of horizontal bars: throughput (linear) and p99 (log), Rehook vs its ceiling. */
export function renderSvg(results: BenchResults): string {
  const items = results.scenarios.filter((s) => s.kind === 'rehook');
  const ceiling = (s: ScenarioSummary): ScenarioSummary | undefined =>
    results.scenarios.find((c) => c.id === s.ceilingId);
  const labelW = 330;
  const panelW = 310;
  const plotW = panelW - 70; // room for the value labels after the bars
  const gap = 30;
  const rowH = 46;
  const top = 70;
  const bottom = top + items.length * rowH;
  const width = labelW + panelW * 2 + gap + 20;
  const height = bottom + 40;
  const x1 = labelW;
  const x2 = labelW + panelW + gap;
  const maxRps = Math.max(1, ...items.flatMap((s) => [s.rps, ceiling(s)?.rps ?? 0]).filter(Number.isFinite));
  const step = niceStep(maxRps, 4);
  const rpsMax = Math.ceil(maxRps / step) * step;
  const rpsX = (v: number): number => (Number.isFinite(v) ? (Math.max(0, v) / rpsMax) * plotW : 0);
  const p99s = items.flatMap((s) => [s.p99, ceiling(s)?.p99 ?? Number.NaN]).filter((v) => Number.isFinite(v) && v > 0);
  const lo = 0.1;
  const hi = 10 ** Math.ceil(Math.log10(Math.max(1, ...p99s)));
  const logX = (v: number): number =>
    Number.isFinite(v) ? (Math.log10(Math.max(lo, v) / lo) / Math.log10(hi / lo)) * plotW : 0;
  const blue = '#2563eb';
  const grey = '#9ca3af';
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="600">Rehook vs bare node:http, same request shape, same round (${esc(results.date.slice(0, 10))}, medians)</text>`,
    `<rect x="12" y="34" width="12" height="10" fill="${blue}"/><text x="28" y="43">Rehook (ratio to the ceiling in brackets)</text>`,
    `<rect x="290" y="34" width="12" height="10" fill="${grey}"/><text x="306" y="43">bare Node ceiling (for (f): the destination alone)</text>`,
    `<text x="${x1}" y="${top - 8}" font-weight="600">Throughput, req/s</text>`,
    `<text x="${x2}" y="${top - 8}" font-weight="600">p99 latency, ms (log scale)</text>`,
  ];
  const grid = (x: number, label: string): void => {
    parts.push(`<line x1="${x.toFixed(1)}" y1="${top}" x2="${x.toFixed(1)}" y2="${bottom}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${x.toFixed(1)}" y="${bottom + 14}" text-anchor="middle" fill="#6b7280">${esc(label)}</text>`);
  };
  for (let v = 0; v <= rpsMax + step / 2; v += step) grid(x1 + rpsX(v), fmtInt(v));
  for (let v = lo; v <= hi * 1.001; v *= 10) grid(x2 + logX(v), v >= 1 ? fmtInt(v) : v.toFixed(1));
  items.forEach((s, i) => {
    const y = top + i * rowH + 6;
    const c = ceiling(s);
    parts.push(`<text x="${labelW - 8}" y="${y + 17}" text-anchor="end">${esc(shortLabel(s))}</text>`);
    const bar = (x: number, yy: number, w: number, color: string, label: string): void => {
      const width = Math.max(1, w);
      parts.push(`<rect x="${x}" y="${yy}" width="${width.toFixed(1)}" height="14" fill="${color}"/>`);
      parts.push(`<text x="${(x + width + 4).toFixed(1)}" y="${yy + 11}" fill="#111827">${esc(label)}</text>`);
    };
    bar(x1, y, rpsX(s.rps), blue, `${fmtInt(s.rps)}${s.ratio === null ? '' : ` (${fmtRatio(s.ratio)})`}`);
    if (c) bar(x1, y + 16, rpsX(c.rps), grey, fmtInt(c.rps));
    bar(x2, y, logX(s.p99), blue, fmtMs(s.p99));
    if (c) bar(x2, y + 16, logX(c.p99), grey, fmtMs(c.p99));
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
