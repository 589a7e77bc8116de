import { describe, expect, test } from "vitest";
import { db } from "@/server/platform/db/client";
import { pgPool } from "@/server/platform/db/pg-pool";
import { ingestBatch } from "@/server/capture/ingestion/ingest-batch";
import { analysePendingEmails, ARRIVAL_WINDOW_MS, type AnalysedBatch } from "@/server/analytics/analyse-pending-emails";
import { isMailArriving } from "@/server/analytics/analytics.queries";
import { ensureTestSource } from "@tests/helpers/emails";
import { buildMessage } from "@tests/helpers/mail";

/**
 * The worker's analysis steps aside while mail is being archived (an import keeps its speed) and
 * catches up once it stops arriving (docs/ediscovery.md, "Review analytics").
 */

let mailboxes = 0;
async function archive(count: number): Promise<string[]> {
  const mailbox = ++mailboxes;
  const outcomes = await ingestBatch({
    sourceId: await ensureTestSource(),
    userEmail: `arriving${mailbox}@example.com`,
    messages: Array.from({ length: count }, (_, index) => ({
      raw: buildMessage({
        messageId: `arriving-${mailbox}-${index}@example.com`,
        subject: `Arrival ${mailbox}.${index}`,
        body: `Status of shipment ${mailbox}-${index}: the containers left Rotterdam on time and customs cleared them.`,
      }),
    })),
  });
  return outcomes.map((outcome) => {
    if (outcome.status !== "imported") throw new Error(JSON.stringify(outcome));
    return outcome.emailId;
  });
}

/** Waits until the import is over for the analysis: no email archived within its arrival window. */
const importEnded = () => new Promise((resolve) => setTimeout(resolve, ARRIVAL_WINDOW_MS + 200));

describe("review analytics beside an import", () => {
  test("mail is arriving while a pending email was archived within the window", async () => {
    await analysePendingEmails();
    expect(await isMailArriving(pgPool(), 3_000)).toBe(false);
    await archive(1);
    expect(await isMailArriving(pgPool(), 3_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await isMailArriving(pgPool(), 1_000)).toBe(false);
    expect(await isMailArriving(pgPool(), 120_000)).toBe(true);
    await analysePendingEmails();
    expect(await isMailArriving(pgPool(), 120_000)).toBe(false);
  });

  test("the worker's analysis pauses after each batch while mail arrives, and analyses every email", async () => {
    await archive(3);
    await importEnded();
    const quiet: AnalysedBatch[] = [];
    expect(await analysePendingEmails({ batchSize: 1, yieldToArrivingMail: true, onBatch: (batch) => quiet.push(batch) })).toBe(3);
    expect(quiet.map((batch) => batch.pausedMs)).toEqual([0, 0, 0]);

    // An import goes on archiving while the analysis runs: each batch is followed by its full pause,
    // 19 times as long as the batch took, whatever this machine's speed.
    const archived = await archive(3);
    let importing = true;
    const importer = (async () => {
      while (importing) {
        archived.push(...(await archive(1)));
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    })();
    const beside: AnalysedBatch[] = [];
    const stop = new AbortController();
    await analysePendingEmails({
      batchSize: 1,
      yieldToArrivingMail: true,
      signal: stop.signal,
      onBatch: (batch) => {
        beside.push(batch);
        if (beside.length === 3) stop.abort();
      },
    });
    importing = false;
    await importer;
    expect(beside).toHaveLength(3);
    for (const batch of beside) expect(batch.pausedMs).toBeGreaterThanOrEqual(19 * batch.batchMs);

    await analysePendingEmails();
    expect(await db().analysisQueue.count({ where: { emailId: { in: archived } } })).toBe(0);
  });
});
