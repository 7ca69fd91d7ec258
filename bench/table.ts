// The rows of the results (shared with the page) and the table printed at the end of a run.
import { fmtBytes, fmtInt, fmtMs, fmtRatio, pct, status } from './format.js';
import type { BenchResults, Target } from './results.js';

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
  else if (scenarioId === 'h') {
    add('h-throughput', '≥0.3x:');
    add('h-p99', 'p99≤10ms:');
  } else if (scenarioId === 'f') {
    const o = results.replayOverheadMs;
    if (o) parts.push(`overhead p50 ${fmtMs(o.p50)} ms <2ms: ${status(byId('f-overhead')?.met ?? null)}`);
  }
  return parts.join(', ');
}

// ---- stdout table -----------------------------------------------------------------------------

export interface Row {
  cells: string[];
  /** A row whose text spans the value columns. */
  span?: string;
}

export function rows(results: BenchResults): Row[] {
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
