/** Latency statistics for the benchmark table (pure). */

/** Nearest-rank percentile (p in 0..100) of ascending-sorted samples; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0];
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, rank) - 1];
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export function summarizeLatencies(samples: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const list = Array.from(sorted);
  return { count: list.length, p50: percentile(list, 50), p95: percentile(list, 95), p99: percentile(list, 99) };
}

/** How many times faster (or slower, below 1) `rate` is than `baseline`. */
export function ratio(rate: number, baseline: number): number {
  return baseline > 0 ? rate / baseline : Number.NaN;
}
