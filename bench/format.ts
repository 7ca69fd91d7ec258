// Number formatting shared by the benchmark's log lines, table, page and chart.
import type { LoadResult } from './protocol.js';

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

export function pct(n: number): string {
  return `${n >= 0 ? '+' : ''}${(n * 100).toFixed(1)}%`;
}

export function status(met: boolean | null): string {
  return met === null ? 'n/a' : met ? 'met' : 'MISSED';
}

/** One load run on a log line: throughput, latency, and what went wrong. */
export function fmtRun(r: LoadResult): string {
  const problems =
    r.non2xx + r.errors > 0 ? ` (non-2xx ${r.non2xx}, errors ${r.errors}: ${r.problems.join('; ')})` : '';
  return `${Math.round(r.rps).toLocaleString('en-US')} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms${problems}`;
}
