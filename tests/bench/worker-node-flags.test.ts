import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { WORKER_ENV, WORKER_NODE_FLAGS } from "../../scripts/worker-node-flags";

it("npm run worker runs with the flags the bench measures the worker's scenarios with", () => {
  const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
  const env = Object.entries(WORKER_ENV).map(([name, value]) => `${name}=${value}`);
  expect(scripts.worker).toBe([...env, "node", ...WORKER_NODE_FLAGS, "--import", "tsx", "scripts/worker.ts"].join(" "));
});
