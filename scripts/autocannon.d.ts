/** The part of autocannon 8's programmatic API that scripts/soak.ts uses (the package ships no types). */
declare module "autocannon" {
  interface Percentiles {
    p50: number;
    p90: number;
    p99: number;
    max: number;
    average: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: Percentiles;
    requests: Percentiles & { total: number };
  }
  interface RequestSpec {
    setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: RequestSpec[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
