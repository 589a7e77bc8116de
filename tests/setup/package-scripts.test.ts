import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const scripts: Record<string, string> = JSON.parse(readFileSync("package.json", "utf8")).scripts;

describe("package scripts", () => {
  it("turn Next.js telemetry off in every script that runs Next.js (no notice, nothing sent)", () => {
    const runningNext = Object.entries(scripts).filter(([, command]) =>
      /\bnext build\b|scripts\/(start|soak|bench\/bench)\.ts|playwright test/.test(command),
    );
    expect(runningNext.map(([name]) => name).sort()).toEqual(["bench", "build", "dev", "soak", "start", "test:e2e"]);
    for (const [name, command] of runningNext) expect(command, name).toMatch(/NEXT_TELEMETRY_DISABLED=1 /);
  });
});
