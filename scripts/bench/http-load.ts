import autocannon from "autocannon";
import { summarizeLatencies, type LatencySummary } from "./stats";

export interface LoadResult {
  requests: number;
  perSecond: number;
  latency: LatencySummary;
  non2xx: number;
  errors: number;
}

/**
 * Loopback load with a bounded duration and connection count. Latencies come from every response
 * (autocannon's own summary has no p95). `nextPath` gives each request its path (e.g. a varying id).
 */
export async function loadTest(options: {
  url: string;
  connections: number;
  seconds: number;
  token: string;
  method?: "GET" | "POST";
  nextPath: () => string;
  body?: () => string;
}): Promise<LoadResult> {
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
  const requests = latencies.length;
  return {
    requests,
    perSecond: requests / result.duration,
    latency: summarizeLatencies(latencies),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
