// autocannon 8 ships no types: the part of its API the benchmark uses.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }
  interface Options {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: Request[];
  }
  interface Result {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
    "2xx": number;
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {}
  function autocannon(options: Options): Instance;
  export default autocannon;
}
