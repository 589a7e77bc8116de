import { describe, expect, it } from "vitest";
import { corpusMboxEntries } from "../../scripts/bench/corpus";
import { ingestBatch } from "../../src/server/capture/ingestion/ingest-batch";
import { blobStore } from "../../src/server/archive/storage/blob-store-factory";
import { db } from "../../src/server/platform/db/client";
import { runNextExport } from "../../src/server/ediscovery/export/run-export";
import { setupAdmin } from "@tests/helpers/auth";
import { startCephRgw, type CephRgw } from "@tests/helpers/ceph-rgw";
import { createCaseVia, EDISCOVERY } from "@tests/helpers/ediscovery";
import { ensureTestSource } from "@tests/helpers/emails";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { s3StorageEnvironment } from "@tests/helpers/s3-server";
import { withEnv } from "@tests/helpers/with-env";

/**
 * A small benchmark, not part of the suite (it runs only with BENCH_S3_EXPORT=1): eDiscovery exports
 * (eml, mbox; the worker's code, queued to completed) of the bench corpus's messages from the local
 * store and from Ceph RGW (tests/helpers/ceph-rgw.ts), in one run, each printed in MB/s of
 * exported bytes (docs/ediscovery.md, "Exports on S3").
 *   BENCH_S3_EXPORT=1 [BENCH_S3_EXPORT_MESSAGES=300] TEST_PG_PORT=<port> npx vitest run tests/bench/export-s3-vs-local.int.test.ts
 */
const MESSAGES = Number(process.env.BENCH_S3_EXPORT_MESSAGES ?? 300);
const ROUNDS = 2;
const BENCH = { timeout: 1_800_000 };

useEmptyDatabasePerTest();

async function corpus(): Promise<Buffer[]> {
  const messages: Buffer[] = [];
  // Each mbox entry starts with its "From " line, which is not part of the message.
  for await (const entry of corpusMboxEntries({ seed: 42, messages: MESSAGES })) messages.push(entry.subarray(entry.indexOf("\n") + 1));
  return messages;
}

/** Ingests the corpus into the configured store, then exports it `ROUNDS` times per format; prints the faster round of each. */
async function measure(store: string): Promise<void> {
  const messages = await corpus();
  const sourceId = await ensureTestSource();
  for (let start = 0; start < messages.length; start += 100) {
    const outcomes = await ingestBatch({
      sourceId,
      userEmail: "bench@example.com",
      messages: messages.slice(start, start + 100).map((raw) => ({ raw })),
    });
    expect(outcomes.every((outcome) => outcome.status === "imported")).toBe(true);
  }
  const admin = await setupAdmin();
  const matter = await createCaseVia(admin.token);
  for (const format of ["eml", "mbox"] as const) {
    const rounds: { seconds: number; bytes: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const created = await api("POST", `${EDISCOVERY}/cases/${matter.id}/exports`, {
        token: admin.token,
        body: { name: `${store} ${format} ${round}`, source: { searchQuery: { query: "" } }, format },
      });
      expect(created.status, created.text).toBe(202);
      const started = performance.now();
      while (await runNextExport());
      const seconds = (performance.now() - started) / 1000;
      const row = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: created.body.id } });
      expect(row.status, row.error ?? "").toBe("completed");
      rounds.push({ seconds, bytes: Number(row.bytes) });
    }
    const best = rounds.reduce((fastest, run) => (run.seconds < fastest.seconds ? run : fastest));
    console.log(
      `[bench export] ${store} ${format}: ${MESSAGES} messages, ${(best.bytes / 1048576).toFixed(1)} MB in ${best.seconds.toFixed(2)} s = ` +
        `${(best.bytes / 1048576 / best.seconds).toFixed(1)} MB/s (rounds: ${rounds.map((run) => run.seconds.toFixed(2)).join(", ")} s)`,
    );
  }
}

describe.runIf(process.env.BENCH_S3_EXPORT === "1")("eDiscovery export speed, local store against S3 (Ceph RGW)", () => {
  it("local store", BENCH, async () => {
    expect(blobStore().name).not.toBe("s3");
    await measure("local");
  });

  it("S3 (Ceph RGW)", BENCH, async () => {
    const rgw: CephRgw = await startCephRgw();
    try {
      await withEnv(s3StorageEnvironment(rgw.plainBucket), async () => {
        expect(blobStore().name).toBe("s3");
        await measure(`S3 (RGW, ${process.env.EXPORT_S3_READS_IN_FLIGHT ?? "default"} reads ahead)`);
      });
    } finally {
      await rgw.stop();
    }
  });
});
