import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runArchiveCli } from "../helpers/archive-cli";

const archive = (...args: string[]) => runArchiveCli(args);
const COMMANDS = ["import", "backup", "restore", "check", "rotate-storage-key", "restore-to-mailbox", "verify-export"];

describe("the archive CLI", () => {
  it("explains every command with --help, on stdout, exit 0", async () => {
    for (const command of COMMANDS) {
      const result = await archive(command, "--help");
      expect(result.code, `${command}: ${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^usage: npm run archive -- ${command} `));
    }
    const overview = await archive("--help");
    expect(overview.code).toBe(0);
    for (const command of COMMANDS) expect(overview.stdout).toContain(`npm run archive -- ${command} `);
  }, 120_000);

  it("with --no-progress draws no bar and leaves the JSON summary alone on stdout", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "cli-"));
    const file = path.join(dir, "one.eml");
    await writeFile(file, "From: a@example.com\r\nTo: b@example.com\r\nSubject: cli\r\nMessage-ID: <cli@example.com>\r\n\r\nbody\r\n");
    const result = await archive("import", "--source", "CLI", "--create", "--user", "a@example.com", "--no-progress", file);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ imported: 1, duplicates: 0, failed: [], skipped: [] });
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    // cli-progress draws its bar with these two characters; before the fix --no-progress drew it here.
    expect(result.stderr).not.toMatch(/[█░]/);
  }, 120_000);
});
