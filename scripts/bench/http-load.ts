import autocannon from "autocannon";
import { summarizeLatencies, type LatencySummary } from "./stats";

export interface LoadResult {
  requests: number;
  perSecond: number;
  latency: LatencySummary;
  non2xx: number;
  errors: number;
}

/** What one load sends: `nextPath` gives each request its path (e.g. a varying id), `body` its body. */
export interface LoadStep {
  connections: number;
  nextPath: () => string;
  method?: "GET" | "POST";
  body?: () => string;
}

/** One slice of load: its latencies (ms, every response), its length and its failures. */
interface Slice {
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
}

/**
 * Loopback load with a bounded duration and connection count. Latencies come from every response
 * (autocannon's own summary has no p95).
 */
async function loadSlice(options: { url: string; token: string; seconds: number } & LoadStep): Promise<Slice> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
    requests: [
      {
        method: options.method ?? "GET",
        setupRequest: (request) => ({ ...request, path: options.nextPath(), ...(options.body ? { body: options.body() } : {}) }),
      },
    ],
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  return { latencies, seconds: result.duration, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

function summarize(slices: Slice[]): LoadResult {
  const latencies = slices.flatMap((slice) => slice.latencies);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    latency: summarizeLatencies(latencies),
    non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
  };
}

/** Milliseconds a request of `seconds` (of CPU, say) spread over `requests`. */
export const msPerRequest = (seconds: number, requests: number) => (seconds * 1000) / Math.max(requests, 1);

/**
 * The steps measured in alternating slices (`rounds` times each step for `sliceSeconds`, in order),
 * each summed over its slices, with `measure`'s readings (CPU seconds, say) summed over its slices
 * too: a machine whose load drifts during the run (autovacuum after a write step, another process)
 * weighs on a route and on its baseline alike, where one long load per step would charge the drift
 * to whichever step it fell in. Each step is first warmed up for a second, not counted; then
 * `afterWarmUp` runs, before the first measured slice.
 */
export async function alternatedLoads<M extends Record<string, number>>(options: {
  url: string;
  token: string;
  steps: LoadStep[];
  rounds: number;
  sliceSeconds: number;
  measure: () => M;
  afterWarmUp?: () => Promise<void>;
}): Promise<(LoadResult & { measured: M })[]> {
  for (const step of options.steps) await loadSlice({ url: options.url, token: options.token, seconds: 1, ...step });
  await options.afterWarmUp?.();
  const slices = options.steps.map((): Slice[] => []);
  const measured = options.steps.map((): Partial<M> => ({}));
  for (let round = 0; round < options.rounds; round++) {
    for (const [index, step] of options.steps.entries()) {
      const before = options.measure();
      slices[index].push(await loadSlice({ url: options.url, token: options.token, seconds: options.sliceSeconds, ...step }));
      const after = options.measure();
      const sums = measured[index] as Record<string, number>;
      for (const key of Object.keys(after)) sums[key] = (sums[key] ?? 0) + after[key] - before[key];
    }
  }
  return options.steps.map((_, index) => ({ ...summarize(slices[index]), measured: measured[index] as M }));
}
