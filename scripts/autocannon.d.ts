/** autocannon 8 ships no types: the part of its programmatic API the soak and the benchmarks use. */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  interface Percentiles {
    p50: number;
    p90: number;
    p99: number;
    max: number;
    average: number;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    latency: Percentiles;
    requests: Percentiles & { total: number };
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {}
  function autocannon(options: Options): Instance;
  export default autocannon;
}
