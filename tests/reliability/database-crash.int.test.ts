import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildMessage, mboxOf } from "../helpers/mail";

/**
 * The embedded PostgreSQL is SIGKILLed while an import writes; on the next start the data is
 * consistent and every acknowledged import is complete. Runs on its own cluster (own DATA_DIR and
 * port), so the shared test server is not touched.
 */
interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv, onStart?: () => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      if (stderr.includes("importing") && onStart) {
        onStart();
        onStart = undefined;
      }
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const IN_FLIGHT = 3000;

const lastJson = (output: string) => JSON.parse(output.trim().split("\n").at(-1)!);

describe("database crash during writes", () => {
  it("keeps every acknowledged import and stays consistent after PostgreSQL is SIGKILLed mid-import", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "pg-crash-"));
    // Under root the embedded server runs as the postgres user, which must reach the data directory.
    await chmod(dir, 0o755);
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: path.join(dir, "data"), EMBEDDED_PG_PORT: String(56000 + Math.floor(Math.random() * 2000)) };
    const first = path.join(dir, "first.mbox");
    const second = path.join(dir, "second.mbox");
    await writeFile(first, mboxOf(Array.from({ length: 150 }, (_, index) => buildMessage({ subject: `acknowledged ${index}` }))));
    // Big enough that the import is still writing when PostgreSQL is killed 1.5 s after it starts.
    await writeFile(
      second,
      mboxOf(Array.from({ length: IN_FLIGHT }, (_, index) => buildMessage({ subject: `in flight ${index}`, body: "x".repeat(20_000) }))),
    );
    const importArgs = (file: string) => [
      "scripts/archive.ts",
      "import",
      "--source",
      "Crash",
      "--create",
      "--user",
      "crash@example.com",
      "--no-progress",
      file,
    ];

    const acknowledged = await run(importArgs(first), env);
    expect(acknowledged.code, acknowledged.stderr).toBe(0);
    expect(lastJson(acknowledged.stdout)).toMatchObject({ imported: 150, failed: [] });

    const crashed = await run(importArgs(second), env, () => {
      setTimeout(() => {
        const pid = Number(readFileSync(path.join(env.DATA_DIR, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
        process.kill(pid, "SIGKILL");
      }, 1500);
    });
    expect(crashed.code).not.toBe(0);

    const check = await run(["tests/helpers/check-archive-consistency.ts"], env);
    expect(check.code, check.stderr).toBe(0);
    const state = lastJson(check.stdout);
    expect(state).toMatchObject({ badBytes: 0, auditOk: true });
    expect(state.emails).toBeGreaterThanOrEqual(150);
    expect(state.emails).toBeLessThan(150 + IN_FLIGHT);

    const again = await run(importArgs(first), env);
    expect(lastJson(again.stdout)).toEqual({ imported: 0, duplicates: 150, failed: [], skipped: [] });
    const resumed = await run(importArgs(second), env);
    expect(lastJson(resumed.stdout)).toMatchObject({ failed: [] });
    const final = lastJson((await run(["tests/helpers/check-archive-consistency.ts"], env)).stdout);
    expect(final).toEqual({ emails: 150 + IN_FLIGHT, attachments: 0, badBytes: 0, auditOk: true });
  }, 240_000);
});
