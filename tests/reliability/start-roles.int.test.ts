import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { db } from "../../src/server/platform/db/client";
import { ingestBatch } from "../../src/server/capture/ingestion/ingest-batch";
import { setupAdmin } from "../helpers/auth";
import { createCaseVia, EDISCOVERY } from "../helpers/ediscovery";
import { ensureTestSource } from "../helpers/emails";
import { buildMessage } from "../helpers/mail";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api } from "../helpers/rest-client";
import { until } from "../helpers/until";

useEmptyDatabasePerTest();

function startCommand(...args: string[]) {
  const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", ...args], {
    env: { ...process.env, JOURNAL_SMTP_PORT: "0", LIFECYCLE_INTERVAL_MINUTES: "1440" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const result = { start, output: "", exited: new Promise<number | null>((resolve) => start.once("exit", (code) => resolve(code))) };
  start.stdout.on("data", (chunk) => (result.output += chunk));
  start.stderr.on("data", (chunk) => (result.output += chunk));
  return result;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const workerRows = () => db().processHeartbeat.findMany({ where: { role: "worker" }, orderBy: { startedAt: "asc" } });

describe("npm start runs the worker", () => {
  it(
    "completes an export with only the start command, restarts a worker that dies, and stops cleanly on SIGTERM",
    { timeout: 300_000 },
    async () => {
      const admin = await setupAdmin();
      await ingestBatch({
        sourceId: await ensureTestSource(),
        userEmail: "alice@example.com",
        messages: [1, 2, 3].map((n) => ({ raw: buildMessage({ subject: `Merger ${n}`, body: "merger" }) })),
      });
      const matter = await createCaseVia(admin.token);
      const created = await api("POST", `${EDISCOVERY}/cases/${matter.id}/exports`, {
        token: admin.token,
        body: { name: "Production", source: { searchQuery: { query: "merger" } }, format: "eml" },
      });
      expect(created.status).toBe(202);

      // The start command alone (its web role left out here: it needs a production build), on this test's database.
      const run = startCommand("--no-web");
      try {
        const done = await until("the export to complete", async () => {
          const row = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: created.body.id } });
          return row.status === "completed" && row;
        });
        expect(done.processedItems).toBe(3);
        // The lifecycle cycle the worker runs at its start.
        await until("a lifecycle cycle", () => db().lifecycleCycle.findFirst({ where: { finishedAt: { not: null } } }));

        // A worker that dies is reported and replaced.
        const [first] = await until("the worker's heartbeat", async () => (await workerRows()).length > 0 && workerRows());
        process.kill(first.pid, "SIGKILL");
        const second = await until("another worker", async () => (await workerRows()).find((row) => row.pid !== first.pid));
        expect(run.output).toContain(`the worker (pid ${first.pid}) exited with SIGKILL; starting another`);

        run.start.kill("SIGTERM");
        expect(await run.exited).toBe(0);
        expect(run.output).toContain("SIGTERM: shutting down");
        // The replacement stopped cleanly: its heartbeat is gone (the killed one's stays, silent).
        expect((await workerRows()).map((row) => row.pid)).toEqual([first.pid]);
        expect(alive(second.pid)).toBe(false);
      } finally {
        run.start.kill("SIGKILL");
      }
    },
  );

  it("stops its worker when it is killed itself (no orphan left working)", { timeout: 120_000 }, async () => {
    const run = startCommand("--no-web");
    try {
      const [worker] = await until("the worker's heartbeat", async () => (await workerRows()).length > 0 && workerRows());
      run.start.kill("SIGKILL");
      await run.exited;
      await until("the orphaned worker to stop", async () => !alive(worker.pid), { timeoutMs: 60_000 });
      // It stopped cleanly: its heartbeat row is gone.
      expect(await workerRows()).toEqual([]);
    } finally {
      run.start.kill("SIGKILL");
    }
  });
});
