import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ensureTestSource } from "@tests/helpers/emails";
import { untilSomeoneWaitsForALock, useOpenTransactions } from "@tests/helpers/lock-waits";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { pgPool } from "../../platform/db/pg-pool";
import { insertDuplicateOccurrences } from "../occurrences/occurrences.queries";
import { insertArchivedEmails, type EmailRow } from "./email-rows.queries";

/**
 * Two transactions storing the same messages (two batches of one import stored at once, two journal
 * listeners) wait on each other's uncommitted rows and occurrences in the unique keys. They must
 * take them in one order, or each waits for the other and PostgreSQL aborts one with a deadlock.
 */
useEmptyDatabasePerTest();

const MAILBOX = "order@example.com";
const LOWER = "1".repeat(64);
const HIGHER = "f".repeat(64);
const transaction = useOpenTransactions();

const row = (sourceId: string, hash: string): EmailRow => ({
  id: randomUUID(),
  ingestionSourceId: sourceId,
  userEmail: MAILBOX,
  messageIdHeader: `${hash.slice(0, 8)}@example.com`,
  sentAt: new Date("2026-01-02T03:04:05Z"),
  sentAtFallback: null,
  archivedAt: new Date(),
  subject: `message ${hash.slice(0, 8)}`,
  senderName: "",
  senderEmail: "sender@example.com",
  recipients: [{ name: "", email: "recipient@example.com" }],
  ccEmails: [],
  bccEmails: [],
  storagePath: `blobs/${hash}`,
  storageHashSha256: hash,
  sizeBytes: 100,
  hasAttachments: false,
  path: "INBOX",
  tags: [],
  threadKey: null,
  inReplyTo: null,
  references: [],
  bodyText: "body",
  envelopeFrom: null,
  envelopeRecipients: [],
  participantEmails: [],
  attachments: [],
});

describe("storing the same messages in two transactions at once", () => {
  it("takes the rows in hash order, so two batches with the same messages in opposite orders do not deadlock", async () => {
    const sourceId = await ensureTestSource();
    const first = await transaction();
    const second = await transaction();
    await insertArchivedEmails(first, [row(sourceId, LOWER)], { searchVector: true });
    // The second batch holds the messages the other way round: it must wait on LOWER before taking HIGHER.
    const secondInsert = insertArchivedEmails(second, [row(sourceId, HIGHER), row(sourceId, LOWER)], { searchVector: true });
    await untilSomeoneWaitsForALock();
    const higher = row(sourceId, HIGHER);
    expect(await insertArchivedEmails(first, [higher], { searchVector: true })).toEqual(new Set([higher.id]));
    await first.query("COMMIT");
    // Both rows were committed by the first batch: the second one's copies are duplicates.
    expect(await secondInsert).toEqual(new Set());
    await second.query("COMMIT");
    const { rows } = await pgPool().query<{ n: string }>("SELECT count(*) AS n FROM archived_emails WHERE user_email = $1", [MAILBOX]);
    expect(Number(rows[0].n)).toBe(2);
  });

  it("records occurrences in their key's order, so two batches seeing the same messages again do not deadlock", async () => {
    const sourceId = await ensureTestSource();
    const archived = [row(sourceId, LOWER), row(sourceId, HIGHER)];
    await insertArchivedEmails(pgPool(), archived, { searchVector: true });
    // The key is (folder, email): in one folder, the email with the lower id comes first.
    const [first, second] = [...archived].sort((a, b) => a.id.localeCompare(b.id));
    const seen = (email: EmailRow) => ({ rawHash: email.storageHashSha256, folder: "Archive", envelopeRecipients: [] });
    const one = await transaction();
    const other = await transaction();
    await insertDuplicateOccurrences(one, { sourceId, userEmail: MAILBOX, seen: [seen(first)] });
    const otherInsert = insertDuplicateOccurrences(other, { sourceId, userEmail: MAILBOX, seen: [seen(second), seen(first)] });
    await untilSomeoneWaitsForALock();
    expect(await insertDuplicateOccurrences(one, { sourceId, userEmail: MAILBOX, seen: [seen(second)] })).toBe(1);
    await one.query("COMMIT");
    expect(await otherInsert).toBe(0);
    await other.query("COMMIT");
  });
});
