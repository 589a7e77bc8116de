import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { db } from "../../platform/db/client";
import { pgPool } from "../../platform/db/pg-pool";
import { archivedHashesQuery, archivedRawHashesRecordingIntents } from "./stored-hashes.queries";

/**
 * The dedupe lookup of every ingestion group (imports, syncs, the journal listener) for a source the
 * planner's statistics do not know yet: it must read only the rows with the looked-up bytes, not
 * every email of the source (docs/journaling.md, "A new source's dedupe lookup").
 */
const MAILBOX = "dedupe@example.com";
let freshSourceId: string;
const archivedHashes: string[] = [];

const hashOf = (id: string) => createHash("sha256").update(`test-email:${id}`).digest("hex");

beforeAll(async () => {
  const knownSourceId = await ensureTestSource("Dedupe lookup: analyzed source");
  for (let index = 0; index < 40; index++) await insertTestEmail({ ingestionSourceId: knownSourceId, userEmail: MAILBOX });
  await db().$executeRawUnsafe("ANALYZE archived_emails");
  // Archived after ANALYZE: the statistics know neither the source nor its rows.
  freshSourceId = await ensureTestSource("Dedupe lookup: new source");
  for (let index = 0; index < 400; index++) {
    const email = await insertTestEmail({ ingestionSourceId: freshSourceId, userEmail: MAILBOX });
    archivedHashes.push(hashOf(email.id));
  }
}, 120_000);

describe("the dedupe lookup of a source the statistics do not know yet", () => {
  it("finds the rows by their bytes' hash, not by scanning the source", async () => {
    const query = archivedHashesQuery({ sourceId: freshSourceId, userEmail: MAILBOX, rawHashes: archivedHashes.slice(0, 5) });
    const [row] = await db().$queryRaw<{ "QUERY PLAN": unknown }[]>`EXPLAIN (FORMAT JSON) ${query}`;
    const plan = JSON.stringify(row["QUERY PLAN"]);
    // Either index reaches the rows by their hash: the hash index, or (once autovacuum has analyzed the
    // new rows) PostgreSQL 18's skip scan of the unique (source, mailbox, hash) key, whose leading
    // columns have one value each here. Neither reads the source's other emails.
    expect(plan).toMatch(/"Index Cond":"\(storage_hash_sha256 = ANY /);
    expect(plan).not.toContain("Seq Scan");
    expect(plan).not.toContain("archived_emails_ingestion_source_id_archived_at_id_idx");
  });

  it("answers the archived hashes of this source and mailbox only, and records intents for the others", async () => {
    const unknown = createHash("sha256").update("never archived").digest("hex");
    const attachment = createHash("sha256").update("an attachment of it").digest("hex");
    const result = await archivedRawHashesRecordingIntents(pgPool(), {
      sourceId: freshSourceId,
      userEmail: MAILBOX,
      hashes: [
        { hash: archivedHashes[0], rawHash: archivedHashes[0] },
        { hash: archivedHashes[1], rawHash: archivedHashes[1] },
        { hash: unknown, rawHash: unknown },
        { hash: attachment, rawHash: unknown },
      ],
    });
    expect([...result.known].sort()).toEqual([archivedHashes[0], archivedHashes[1]].sort());
    expect(result.intents).toHaveLength(2);
    const otherMailbox = await archivedRawHashesRecordingIntents(pgPool(), {
      sourceId: freshSourceId,
      userEmail: "someone-else@example.com",
      hashes: [{ hash: archivedHashes[0], rawHash: archivedHashes[0] }],
    });
    expect(otherMailbox.known.size).toBe(0);
    await db().$executeRaw`DELETE FROM blob_intents WHERE id = ANY(${[...result.intents, ...otherMailbox.intents]}::bigint[])`;
  });
});
