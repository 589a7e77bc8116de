import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { db } from "../../src/server/db/client";
import { ingestBatch } from "../../src/server/ingestion/ingest-batch";
import { setupAdmin } from "../helpers/auth";
import { createCaseVia, EDISCOVERY } from "../helpers/ediscovery";
import { ensureTestSource } from "../helpers/emails";
import { buildMessage } from "../helpers/mail";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api } from "../helpers/rest-client";

useEmptyDatabasePerTest();

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

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
      const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--no-web"], {
        env: { ...process.env, JOURNAL_SMTP_PORT: "0", LIFECYCLE_INTERVAL_MINUTES: "1440" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      start.stdout.on("data", (chunk) => (output += chunk));
      start.stderr.on("data", (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => start.once("exit", (code) => resolve(code)));
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
        expect(output).toContain(`the worker (pid ${first.pid}) exited with SIGKILL; starting another`);

        start.kill("SIGTERM");
        expect(await exited).toBe(0);
        expect(output).toContain("SIGTERM: shutting down");
        // The replacement stopped cleanly: its heartbeat is gone (the killed one's stays, silent).
        expect((await workerRows()).map((row) => row.pid)).toEqual([first.pid]);
        expect(() => process.kill(second.pid, 0)).toThrow();
      } finally {
        start.kill("SIGKILL");
      }
    },
  );
});
