/** Nearest-rank percentile of an ascending array; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** p50/p90/p99/max/mean of ascending latencies (milliseconds). */
export function summarizeLatencies(sorted: ArrayLike<number>): {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
} {
  let sum = 0;
  for (let i = 0; i < sorted.length; i += 1) sum += sorted[i] ?? 0;
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] ?? Number.NaN),
    mean: sorted.length === 0 ? Number.NaN : sum / sorted.length,
  };
}

/** Median of the finite values; NaN when there are none. */
export function median(values: readonly number[]): number {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (finite.length === 0) return Number.NaN;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 === 1
    ? (finite[mid] ?? Number.NaN)
    : ((finite[mid - 1] ?? Number.NaN) + (finite[mid] ?? Number.NaN)) / 2;
}
