import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/** Values to set; `undefined` removes the variable for the while. */
export type EnvValues = Record<string, string | undefined>;

/** Sets `values` and answers a function that puts back exactly what was there before (absent stays absent). */
function applyEnv(values: EnvValues): () => void {
  const before = Object.keys(values).map((name) => [name, process.env[name]] as const);
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return () => {
    for (const [name, value] of before.reverse()) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/**
 * Environment variables for a while, put back afterwards even when a test fails, so no test leans on
 * what an earlier one left in `process.env`.
 *
 * - `await withEnv({ DEMO_MODE: "true" }, async () => { … })`: for the callback only (one test, or a
 *   part of one).
 * - `withEnv({ LICENSE_FEATURES: "RETENTION_POLICY" })` in a describe (or at a file's top level): for
 *   each of its tests; `{ scope: "all" }` sets them once around all of them (before a `beforeAll` that
 *   needs them is registered, so it sees them).
 */
export function withEnv<T>(values: EnvValues, run: () => T | Promise<T>): Promise<T>;
export function withEnv(values: EnvValues, options?: { scope: "each" | "all" }): void;
export function withEnv<T>(values: EnvValues, runOrOptions?: (() => T | Promise<T>) | { scope: "each" | "all" }): Promise<T> | void {
  if (typeof runOrOptions === "function") {
    const restore = applyEnv(values);
    return (async () => {
      try {
        return await runOrOptions();
      } finally {
        restore();
      }
    })();
  }
  let restore: (() => void) | undefined;
  const set = () => {
    restore = applyEnv(values);
  };
  const unset = () => {
    restore?.();
    restore = undefined;
  };
  if (runOrOptions?.scope === "all") {
    beforeAll(set);
    afterAll(unset);
  } else {
    beforeEach(set);
    afterEach(unset);
  }
}
