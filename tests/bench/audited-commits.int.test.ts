import { describe, expect, it } from "vitest";
import { appendAuditEntry } from "../../src/server/audit/append-audit-entry";
import { verifyAuditLog } from "../../src/server/audit/verify-audit-log";
import { db } from "../../src/server/platform/db/client";
import { withPgTransaction } from "../../src/server/platform/db/pg-pool";
import { withEnv } from "../helpers/with-env";

/**
 * A small benchmark, not part of the suite (it runs only with BENCH_AUDITED_COMMITS=1): audited
 * writes without HTTP or Next, so that what the chain's lock costs is not drowned in the rest of a
 * request: each is one transaction inserting a row and its audit entry, committed (with the seal
 * that follows it, where there is one), by 1, 10 and 50 concurrent writers for 5 s each on the
 * embedded PostgreSQL (fsync on). docs/benchmarks.md, "Audited writes".
 *   BENCH_AUDITED_COMMITS=1 TEST_PG_PORT=<port> npx vitest run tests/bench/audited-commits.int.test.ts
 */
const SECONDS = 5;

async function auditedWrites(writers: number): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (performance.now() < until) {
        await withPgTransaction(async (client) => {
          const { rows } = await client.query<{ id: string }>("INSERT INTO bench_changes (writer) VALUES ($1) RETURNING id::text", [
            writer,
          ]);
          await appendAuditEntry(client, {
            actor: { identifier: "bench@example.com", ip: "192.0.2.50" },
            actionType: "UPDATE",
            targetType: "LegalHold",
            targetId: rows[0].id,
          });
        });
        done++;
      }
    }),
  );
  return done / SECONDS;
}

describe.runIf(process.env.BENCH_AUDITED_COMMITS === "1")("audited writes, in-process", () => {
  // A connection for each of the 50 writers.
  withEnv({ DATABASE_POOL_SIZE: "50" }, { scope: "all" });

  it("commits per second at 1, 10 and 50 writers; the chain verifies", { timeout: 600_000 }, async () => {
    await db().$executeRawUnsafe("CREATE TABLE bench_changes (id bigserial PRIMARY KEY, writer int NOT NULL)");
    await auditedWrites(4); // warm-up: connections, prepared statements
    for (const writers of [1, 10, 50]) {
      const perSecond = await auditedWrites(writers);
      console.log(`[bench audited writes] ${writers} writers: ${perSecond.toFixed(0)} audited commits/s`);
    }
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });
});
