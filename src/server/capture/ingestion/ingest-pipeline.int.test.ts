import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { useOpenTransactions } from "@tests/helpers/lock-waits";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { lockBlobsExclusive } from "../../archive/storage/storage.queries";
import { db, transaction } from "../../platform/db/client";
import { PostgresSearchEngine } from "../../search/postgres-search-engine";

useEmptyDatabasePerTest();
const openTransaction = useOpenTransactions();

async function uploader() {
  const admin = await setupAdmin();
  const source = await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: { name: `Source ${Math.random()}`, provider: "upload" },
  });
  const upload = (contentType: string, raw: Buffer) =>
    api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=legal@example.com`, {
      token: admin.token,
      rawBody: new Uint8Array(raw),
      headers: { "content-type": contentType },
    });
  return { token: admin.token, upload };
}

const notes = (content: string, contentType = "text/plain") => ({ filename: "notes.txt", contentType, content });
const textOf = async (subject: string) =>
  await db().attachment.findFirstOrThrow({ where: { email: { subject } }, select: { extractedText: true, extractionError: true } });

describe("ingestion pipeline", () => {
  it("keeps outcomes and indexes in order across batches (bad, duplicate and good messages)", async () => {
    const { upload } = await uploader();
    const messages = Array.from({ length: 450 }, (_, index) =>
      buildMessage({ messageId: `m${index}@example.com`, subject: `message ${index}` }),
    );
    const headerBomb = () => Buffer.concat([Buffer.from(`X-Big: ${"x".repeat(1_100_000)}\r\n`), buildMessage()]);
    messages[3] = headerBomb();
    messages[260] = Buffer.from(messages[10]);
    messages[261] = buildMessage({ messageId: "m11@example.com", subject: "message 11, corrected" });
    messages[449] = headerBomb();
    const response = await upload("application/mbox", mboxOf(messages));
    expect(response.body).toEqual({
      imported: 447,
      duplicates: 1,
      failed: [
        { index: 3, reason: expect.any(String) },
        { index: 449, reason: expect.any(String) },
      ],
    });
    expect(await db().archivedEmail.count()).toBe(447);
    expect(await db().archivedEmail.count({ where: { subject: "message 10" } })).toBe(1);
    expect(await db().archivedEmail.count({ where: { messageIdHeader: "m11@example.com" } })).toBe(2);
    expect((await verifyAuditLog()).ok).toBe(true);
  }, 120_000);

  it("stores the next batch while one waits, and counts a message that is in both batches once", async () => {
    const { upload } = await uploader();
    const blocking = `words only the first batch holds ${Math.random()}`;
    const messages = Array.from({ length: 400 }, (_, index) =>
      buildMessage({
        messageId: `c${index}@example.com`,
        subject: `concurrent ${index}`,
        attachments: index === 5 ? [notes(blocking)] : [],
      }),
    );
    // Copies across the two batches (items 0-199 and 200-399), in opposite orders.
    messages[210] = Buffer.from(messages[150]);
    messages[350] = Buffer.from(messages[20]);
    // The first batch cannot take the lock on its attachment's bytes until the holder lets go.
    const holder = await openTransaction();
    await lockBlobsExclusive(holder, [createHash("sha256").update(blocking).digest("hex")]);
    const imported = upload("application/mbox", mboxOf(messages));
    await expect.poll(() => db().archivedEmail.count({ where: { subject: "concurrent 399" } }), { timeout: 60_000, interval: 200 }).toBe(1);
    expect(await db().archivedEmail.count({ where: { subject: { in: ["concurrent 5", "concurrent 20", "concurrent 150"] } } })).toBe(2);
    await holder.query("ROLLBACK");
    expect((await imported).body).toEqual({ imported: 398, duplicates: 2, failed: [] });
    expect(await db().archivedEmail.count()).toBe(398);
    for (const subject of ["concurrent 5", "concurrent 20", "concurrent 150"]) {
      expect(await db().archivedEmail.count({ where: { subject } })).toBe(1);
    }
    expect((await verifyAuditLog()).ok).toBe(true);
  }, 120_000);

  it("writes each email's search vector as it inserts it, the same one the search engine's update computes", async () => {
    const { upload } = await uploader();
    await upload(
      "message/rfc822",
      buildMessage({
        subject: "Quarterly zeppelin review",
        from: "Dana Sender <dana.sender@example.com>",
        to: ["Bob Builder <bob@example.com>"],
        cc: ["carol@example.org"],
        body: "The body mentions hovercraft twice: hovercraft.",
        attachments: [
          notes("first attachment words"),
          { filename: "budget-2024.txt", contentType: "text/plain", content: "second attachment words" },
        ],
      }),
    );
    await upload("message/rfc822", buildMessage({ subject: "No attachments", body: "plain body" }));
    const written = await db().$queryRaw<
      { id: string; vector: string }[]
    >`SELECT id, search_vector::text AS vector FROM archived_emails ORDER BY id`;
    expect(written.every((row) => row.vector.includes("'"))).toBe(true);
    await db().$executeRaw`UPDATE archived_emails SET search_vector = NULL`;
    await transaction((tx) =>
      new PostgresSearchEngine().indexEmails(
        tx,
        written.map((row) => row.id),
      ),
    );
    expect(await db().$queryRaw`SELECT id, search_vector::text AS vector FROM archived_emails ORDER BY id`).toEqual(written);
  });

  it("reuses the text of attachment bytes the archive holds, unless it was a transient failure or they are read differently", async () => {
    const { token, upload } = await uploader();
    await upload("message/rfc822", buildMessage({ subject: "first", attachments: [notes("original words")] }));
    expect(await textOf("first")).toEqual({ extractedText: "original words", extractionError: null });
    // Marked, so that a copy of it shows where the second import's text came from.
    await db().attachment.updateMany({ data: { extractedText: "stored marker words" } });
    await upload("message/rfc822", buildMessage({ subject: "second", attachments: [notes("original words")] }));
    expect(await textOf("second")).toEqual({ extractedText: "stored marker words", extractionError: null });
    expect((await api("GET", "/v1/search?query=marker", { token })).body.items).toEqual([expect.objectContaining({ subject: "second" })]);

    await db().attachment.updateMany({ data: { extractedText: null, extractionError: "timeout after 10 s" } });
    await upload("message/rfc822", buildMessage({ subject: "third", attachments: [notes("original words")] }));
    expect(await textOf("third")).toEqual({ extractedText: "original words", extractionError: null });

    await db().attachment.updateMany({ data: { extractedText: "stored marker words", extractionError: null } });
    await upload("message/rfc822", buildMessage({ subject: "fourth", attachments: [notes("original words", "text/html")] }));
    expect(await textOf("fourth")).toEqual({ extractedText: "original words", extractionError: null });
  });
});
