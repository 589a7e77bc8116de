import { describe, expect, it } from "vitest";
import { setupAdmin } from "../../../tests/helpers/auth";
import { buildMessage, mboxOf } from "../../../tests/helpers/mail";
import { useEmptyDatabasePerTest } from "../../../tests/helpers/reset-database";
import { api } from "../../../tests/helpers/rest-client";
import { verifyAuditLog } from "../audit/verify-audit-log";
import { db } from "../db/client";

useEmptyDatabasePerTest();

async function uploader() {
  const admin = await setupAdmin();
  const source = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: `Source ${Math.random()}`, provider: "upload" } });
  const upload = (contentType: string, raw: Buffer) =>
    api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=legal@example.com`, { token: admin.token, rawBody: new Uint8Array(raw), headers: { "content-type": contentType } });
  return { token: admin.token, upload };
}

const notes = (content: string, contentType = "text/plain") => ({ filename: "notes.txt", contentType, content });
const textOf = async (subject: string) =>
  (await db().attachment.findFirstOrThrow({ where: { email: { subject } }, select: { extractedText: true, extractionError: true } }));

describe("ingestion pipeline", () => {
  it("keeps outcomes and indexes in order across batches (bad, duplicate and good messages)", async () => {
    const { upload } = await uploader();
    const messages = Array.from({ length: 450 }, (_, index) => buildMessage({ messageId: `m${index}@example.com`, subject: `message ${index}` }));
    messages[3] = Buffer.from("\u0000\u0001 not a message");
    messages[260] = buildMessage({ messageId: "m10@example.com", subject: "a second copy of message 10" });
    messages[449] = Buffer.from("\u0000 also not a message");
    const response = await upload("application/mbox", mboxOf(messages));
    expect(response.body).toEqual({ imported: 447, duplicates: 1, failed: [{ index: 3, reason: expect.any(String) }, { index: 449, reason: expect.any(String) }] });
    expect(await db().archivedEmail.count()).toBe(447);
    expect(await db().archivedEmail.count({ where: { subject: "message 10" } })).toBe(1);
    expect((await verifyAuditLog()).ok).toBe(true);
  }, 120_000);

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
