// The benchmark's targets, each measured against its limit from the results of a run.
import { fmtBytes, fmtInt, fmtMs, fmtRatio, pct } from './format.js';
import type { BenchResults, ScenarioSummary, Target } from './results.js';

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
    const sqlite = a ? `; (a) on SQLite in the same run: ${fmtRatio(a.ratio)}, p99 ${fmtMs(a.p99)} ms` : '';
    targets.push({
      id: 'h-throughput',
      text: '(h) the same ingest on PostgreSQL at least 0.30 of bare Node',
      measured: `${fmtRatio(h.ratio)} of bare Node (${fmtInt(h.rps)} vs ${fmtInt(h.ceilingRps)} req/s)`,
      limit: '≥ 0.30',
      ofLimit: h.ratio === null ? null : h.ratio / 0.3,
      met: h.ratio === null ? null : h.ratio >= 0.3,
      note: `synchronous_commit on, 200 only after COMMIT${sqlite}`,
    });
    targets.push({
      id: 'h-p99',
      text: '(h) ingest on PostgreSQL p99 at most 10 ms',
      measured: `${fmtMs(h.p99)} ms`,
      limit: '≤ 10 ms',
      ofLimit: h.p99 / 10,
      met: h.p99 <= 10,
      note: `bare Node p99 ${fmtMs(h.ceilingP99)} ms${sqlite}`,
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
