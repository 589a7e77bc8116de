import { existsSync, readlinkSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the CLI's own (no types), imported as the launcher does.
import { cliBundleIsFresh } from "../../scripts/cli/cli-bundle.mjs";
import { runArchiveCli } from "../helpers/archive-cli";

const projectDir = path.resolve(import.meta.dirname, "..", "..");
const currentBuild = () => readlinkSync(path.join(projectDir, ".cli", "current"));

describe("the CLI's bundle", () => {
  it("is rebuilt before it runs when one of its sources is newer, and then runs the new build", async () => {
    const first = await runArchiveCli(["--help"]);
    expect(first.code, first.stderr).toBe(0);
    expect(cliBundleIsFresh(projectDir)).toBe(true);
    const before = currentBuild();

    // A source the bundle holds (deep in src/server) saved after the build.
    const source = path.join(projectDir, "src/server/capture/ingestion/import-message-stream.ts");
    const { atime, mtime } = statSync(source);
    try {
      utimesSync(source, atime, new Date(Date.now() + 60_000));
      expect(cliBundleIsFresh(projectDir)).toBe(false);
      const second = await runArchiveCli(["--help"]);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toContain("building the command line");
      expect(second.stdout).toMatch(/^usage: npm run archive -- import /);
      expect(currentBuild()).not.toBe(before);
    } finally {
      utimesSync(source, atime, mtime);
    }
    expect(cliBundleIsFresh(projectDir)).toBe(true);
    const third = await runArchiveCli(["--help"]);
    expect(third.stderr).not.toContain("building");
  }, 120_000);

  it("builds the backup's blob copier thread beside its entry, where the backup starts it from", async () => {
    const help = await runArchiveCli(["--help"]);
    expect(help.code, help.stderr).toBe(0);
    expect(existsSync(path.join(projectDir, ".cli", "current", "archive.mjs"))).toBe(true);
    expect(existsSync(path.join(projectDir, ".cli", "current", "backup-blob-thread.mjs"))).toBe(true);
  });
});
