import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/** Values to set; `undefined` removes the variable for the while. */
export type EnvValues = Record<string, string | undefined>;

/**
 * The values for a describe's tests: given, or answered when they are set, for values known only
 * once a `beforeAll`/`beforeEach` registered before it has run (a server's address, a fresh directory).
 */
export type EnvSource = EnvValues | (() => EnvValues | Promise<EnvValues>);

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
 * - `withEnv(() => slapd.env, { scope: "all" })`: the same with values answered when they are set,
 *   after the hooks registered before it (which start the server) have run.
 */
export function withEnv<T>(values: EnvValues, run: () => T | Promise<T>): Promise<T>;
export function withEnv(values: EnvSource, options?: { scope: "each" | "all" }): void;
export function withEnv<T>(values: EnvSource, runOrOptions?: (() => T | Promise<T>) | { scope: "each" | "all" }): Promise<T> | void {
  if (typeof runOrOptions === "function") {
    const restore = applyEnv(values as EnvValues);
    return (async () => {
      try {
        return await runOrOptions();
      } finally {
        restore();
      }
    })();
  }
  let restore: (() => void) | undefined;
  const set = async () => {
    restore = applyEnv(typeof values === "function" ? await values() : values);
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

/**
 * The environment a test file runs in, set by tests/setup/per-file-setup.ts before the file's tests
 * are collected and not put back: each file runs in a process of its own (the "forks" pool), and this
 * is that process's environment, not a test's change to it. `defaults` are set only where the
 * variable is unset, so a value given from outside (the shell, CI) wins. A test's own change goes
 * through `withEnv()`.
 */
export function setTestFileEnvironment(values: Record<string, string>, defaults: Record<string, string> = {}): void {
  applyEnv(values);
  applyEnv(Object.fromEntries(Object.entries(defaults).filter(([name]) => process.env[name] === undefined)));
}
