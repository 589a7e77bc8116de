import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage, mboxOf, zipOf } from "@tests/helpers/mail";
import { malformedMessages } from "@tests/helpers/malformed-mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { dataDir } from "../../platform/config/env";
import { db } from "../../platform/db/client";
import { blobStore } from "../../archive/storage/blob-store-factory";

useEmptyDatabasePerTest();

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const storedFile = (key: string) => path.join(dataDir(), "storage", key);
/** The bytes kept under `key`, opened (decrypted and decompressed: the store seals what it writes). */
const storedBytes = (key: string) => blobStore().get(key);

async function createSource(token: string, config: Record<string, unknown> = {}) {
  const response = await api("POST", "/v1/ingestion-sources", {
    token,
    body: { name: `Source ${Math.random()}`, provider: "upload", config },
  });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

function upload(token: string, sourceId: string, contentType: string, bytes: Buffer, userEmail: string | null = "alice@example.com") {
  const query = userEmail === null ? "" : `?userEmail=${encodeURIComponent(userEmail)}`;
  return api("POST", `/v1/ingestion-sources/${sourceId}/import${query}`, {
    token,
    rawBody: new Uint8Array(bytes),
    headers: { "content-type": contentType },
  });
}

describe("import: one message", () => {
  it("archives the exact bytes, content-addressed, with every field of the interface", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const pdf = Buffer.from("%PDF-1.4 not really a pdf");
    const raw = buildMessage({
      messageId: "abc-123@example.com",
      from: '"Alice Example" <Alice@Example.com>',
      to: ["Bob <bob@example.com>", "carol@example.com"],
      cc: ["Dave Cc <dave@example.com>"],
      bcc: ["eve@example.com"],
      subject: "=?UTF-8?B?w5xiZXIgZGllIFByw7xmdW5n?=",
      date: "Tue, 02 Jan 2024 10:30:00 +0100",
      body: "Quarterly numbers attached.",
      attachments: [{ filename: "../../etc/passwd\u0001.pdf", contentType: "application/pdf", content: pdf }],
    });
    const response = await upload(admin.token, sourceId, "message/rfc822", raw, "Alice@Example.com");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ imported: 1, duplicates: 0, failed: [] });
    const email = await db().archivedEmail.findFirstOrThrow({ include: { attachments: true } });
    expect(email).toMatchObject({
      ingestionSourceId: sourceId,
      userEmail: "alice@example.com",
      messageIdHeader: "abc-123@example.com",
      subject: "Über die Prüfung",
      senderName: "Alice Example",
      senderEmail: "Alice@Example.com",
      storageHashSha256: sha256(raw),
      sizeBytes: BigInt(raw.length),
      isIndexed: true,
      hasAttachments: true,
      sentAtFallback: null,
    });
    expect(email.sentAt.toISOString()).toBe("2024-01-02T09:30:00.000Z");
    expect(email.recipients).toEqual([
      { name: "Bob", email: "bob@example.com" },
      { name: "", email: "carol@example.com" },
      { name: "Dave Cc", email: "dave@example.com" },
      { name: "", email: "eve@example.com" },
    ]);
    expect(await storedBytes(email.storagePath)).toEqual(raw);
    const [attachment] = email.attachments;
    expect(attachment).toMatchObject({
      filename: "passwd.pdf",
      mimeType: "application/pdf",
      sizeBytes: BigInt(pdf.length),
      hashSha256: sha256(pdf),
    });
    expect(await storedBytes(attachment.storagePath)).toEqual(pdf);
    const audit = await db().auditLog.findFirstOrThrow({ where: { actionType: "IMPORT" } });
    expect(audit.details).toMatchObject({
      userEmail: "alice@example.com",
      upload: "rfc822",
      messages: 1,
      imported: 1,
      duplicates: 0,
      failed: 0,
    });
  });

  it("counts a message as a duplicate only when source, mailbox and raw bytes are equal", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const original = buildMessage({ messageId: "same@example.com", subject: "Contract draft", body: "the original wording" });
    // A resent or corrected message, or a forged Message-ID: same id, other bytes, archived too.
    const corrected = buildMessage({ messageId: "same@example.com", subject: "Contract draft", body: "the corrected wording" });
    const withoutId = buildMessage({ messageId: null });
    expect((await upload(admin.token, sourceId, "message/rfc822", original)).body).toEqual({ imported: 1, duplicates: 0, failed: [] });
    expect((await upload(admin.token, sourceId, "message/rfc822", corrected)).body).toEqual({ imported: 1, duplicates: 0, failed: [] });
    expect((await upload(admin.token, sourceId, "message/rfc822", original)).body).toEqual({ imported: 0, duplicates: 1, failed: [] });
    expect((await upload(admin.token, sourceId, "message/rfc822", corrected)).body).toEqual({ imported: 0, duplicates: 1, failed: [] });
    expect((await upload(admin.token, sourceId, "message/rfc822", withoutId)).body).toMatchObject({ imported: 1 });
    expect((await upload(admin.token, sourceId, "message/rfc822", withoutId)).body).toMatchObject({ imported: 0, duplicates: 1 });

    const copies = await db().archivedEmail.findMany({ where: { messageIdHeader: "same@example.com" }, orderBy: { bodyText: "asc" } });
    expect(copies.map((email) => email.storageHashSha256)).toEqual([sha256(corrected), sha256(original)]);
    const detail = await api("GET", `/v1/archived-emails/${copies[0].id}`, { token: admin.token });
    expect(detail.body.thread).toEqual([expect.objectContaining({ id: copies[1].id })]);
    const found = await api("GET", "/v1/search?query=wording", { token: admin.token });
    expect(found.body.items.map((item: { id: string }) => item.id).sort()).toEqual(copies.map((email) => email.id).sort());
    expect((await api("GET", `/v1/ingestion-sources/${sourceId}`, { token: admin.token })).body.emailCount).toBe(3);
    expect((await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}`, { token: admin.token })).body.total).toBe(3);

    // Another mailbox, or another source, is not a duplicate; identical bytes are stored once.
    expect((await upload(admin.token, sourceId, "message/rfc822", original, "bob@example.com")).body).toMatchObject({ imported: 1 });
    const otherSource = await createSource(admin.token);
    expect((await upload(admin.token, otherSource, "message/rfc822", original)).body).toMatchObject({ imported: 1 });
    const rows = await db().archivedEmail.findMany({ where: { storageHashSha256: sha256(original) } });
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.storagePath)).size).toBe(1);
    expect(await db().archivedEmail.count()).toBe(5);
  });

  it("stores each message of concurrent imports once, even when they share a Message-ID (the unique index decides)", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const messages = Array.from({ length: 30 }, (_, index) => buildMessage({ messageId: "reused@example.com", subject: `m${index}` }));
    const file = mboxOf(messages);
    const results = await Promise.all(Array.from({ length: 4 }, () => upload(admin.token, sourceId, "application/mbox", file)));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    expect(results.reduce((sum, result) => sum + result.body.imported, 0)).toBe(30);
    expect(results.reduce((sum, result) => sum + result.body.duplicates, 0)).toBe(90);
    expect(await db().archivedEmail.count()).toBe(30);
  });

  it("falls back to archivedAt for a missing, unparseable or future Date, and says so", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    for (const [date, reason] of [
      [null, "missing"],
      ["not a date", "unparseable"],
      ["Thu, 01 Jan 2099 00:00:00 +0000", "future"],
    ] as const) {
      const before = Date.now();
      await upload(admin.token, sourceId, "message/rfc822", buildMessage({ date, subject: reason }));
      const email = await db().archivedEmail.findFirstOrThrow({ where: { sentAtFallback: reason }, orderBy: { archivedAt: "desc" } });
      expect(email.sentAt).toEqual(email.archivedAt);
      expect(email.archivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
  });
});

describe("import: a message without a header block", () => {
  it("is kept byte for byte, with no subject or sender, the archive time as sentAt, and says so", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const text = Buffer.from("Meeting notes, pasted without any header\r\nsecond line\r\n");
    const binary = Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x0a, 0x0a, 0x80, 0x41]);
    // Over the 1 MB header-section limit without a blank line, but not a header: kept, not refused as a header bomb.
    const blob = Buffer.alloc(1_200_000, 0x2e);
    for (const raw of [text, binary, blob]) {
      const before = Date.now();
      expect((await upload(admin.token, sourceId, "message/rfc822", raw)).body).toEqual({ imported: 1, duplicates: 0, failed: [] });
      const email = await db().archivedEmail.findFirstOrThrow({ where: { storageHashSha256: sha256(raw) } });
      expect(email).toMatchObject({
        subject: "",
        senderName: "",
        senderEmail: "",
        recipients: [],
        messageIdHeader: "",
        sentAtFallback: "no-headers",
        sizeBytes: BigInt(raw.length),
      });
      expect(email.sentAt).toEqual(email.archivedAt);
      expect(email.archivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(await storedBytes(email.storagePath)).toEqual(raw);
      expect((await upload(admin.token, sourceId, "message/rfc822", raw)).body).toEqual({ imported: 0, duplicates: 1, failed: [] });
    }
    const email = await db().archivedEmail.findFirstOrThrow({ where: { storageHashSha256: sha256(text) } });
    const detail = await api("GET", `/v1/archived-emails/${email.id}`, { token: admin.token });
    expect(detail.body).toMatchObject({
      subject: "",
      senderEmail: "",
      sentAtFallback: "no-headers",
      bodyText: expect.stringContaining("pasted without any header"),
    });
    expect((await api("GET", "/v1/search?query=pasted", { token: admin.token })).body.items).toEqual([
      expect.objectContaining({ id: email.id }),
    ]);
  });
});

describe("import: mbox and zip", () => {
  it("imports an mbox, failing bad messages alone with their 0-based index", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const good = [
      buildMessage({ subject: "a" }),
      buildMessage({ subject: "b", body: "From the desk of\nFrom here" }),
      buildMessage({ subject: "c" }),
    ];
    const file = Buffer.concat([mboxOf([good[0]]), Buffer.from("From bad Mon Jan 15 12:00:00 2024\n\n"), mboxOf(good.slice(1))]);
    const response = await upload(admin.token, sourceId, "application/mbox", file);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ imported: 3, duplicates: 0, failed: [{ index: 1, reason: expect.any(String) }] });
    const stored = await db().archivedEmail.findMany({ orderBy: { subject: "asc" } });
    for (const [position, email] of stored.entries()) expect(await storedBytes(email.storagePath)).toEqual(good[position]);
    expect((await upload(admin.token, sourceId, "application/mbox", file)).body).toEqual({
      imported: 0,
      duplicates: 3,
      failed: [{ index: 1, reason: expect.any(String) }],
    });
  });

  it("imports a zip of .eml files; other files fail alone; the folder becomes the path", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const first = buildMessage({ subject: "zipped one" });
    const second = buildMessage({ subject: "zipped two" });
    const zip = await zipOf([
      { name: "Inbox/one.eml", bytes: first },
      { name: "notes.txt", bytes: Buffer.from("not mail") },
      { name: "__MACOSX/._one.eml", bytes: Buffer.from("junk") },
      { name: "Sent/2024/two.EML", bytes: second },
    ]);
    const response = await upload(admin.token, sourceId, "application/zip", zip);
    expect(response.body).toEqual({
      imported: 2,
      duplicates: 0,
      failed: [
        { index: 1, reason: "notes.txt: not a message, mbox, zip or .pst file: its first line is neither a header field nor a From line" },
      ],
    });
    const emails = await db().archivedEmail.findMany({ orderBy: { subject: "asc" } });
    expect(emails.map((email) => [email.subject, email.path])).toEqual([
      ["zipped one", "Inbox"],
      ["zipped two", "Sent/2024"],
    ]);
    const broken = await upload(admin.token, sourceId, "application/zip", Buffer.from("PK\u0003\u0004 truncated"));
    expect(broken.status).toBe(200);
    expect(broken.body).toMatchObject({ imported: 0, failed: [{ index: 0, reason: expect.stringContaining("zip") }] });
  });
});

describe("import: errors", () => {
  it("needs a userEmail from the query or the source (422), a known source (404) and a supported type (415)", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const message = buildMessage();
    const missing = await upload(admin.token, sourceId, "message/rfc822", message, null);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ status: "error", statusCode: 422, errors: [{ field: "userEmail", message: expect.any(String) }] });
    const configured = await createSource(admin.token, { userEmail: "Shared@Example.com" });
    expect((await upload(admin.token, configured, "message/rfc822", message, null)).body).toMatchObject({ imported: 1 });
    expect((await db().archivedEmail.findFirstOrThrow()).userEmail).toBe("shared@example.com");
    expect((await upload(admin.token, sourceId, "message/rfc822", message, "not-an-address")).status).toBe(422);
    expect((await upload(admin.token, "00000000-0000-4000-8000-000000000000", "message/rfc822", message)).status).toBe(404);
    const wrongType = await upload(admin.token, sourceId, "application/json", Buffer.from("{}"));
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ status: "error", statusCode: 415 });
    expect(await db().archivedEmail.count()).toBe(1);
    expect((await verifyAuditLog()).ok).toBe(true);
  });

  it("answers 413 for a single message above the limit, and nothing is written", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const huge = Buffer.alloc(151 * 1024 * 1024, 0x61);
    const response = await upload(admin.token, sourceId, "message/rfc822", huge);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ status: "error", statusCode: 413 });
    expect(await db().archivedEmail.count()).toBe(0);
  });
});

describe("import: a malformed-message corpus archives or fails message by message", () => {
  it("never crashes the import", async () => {
    const admin = await setupAdmin();
    const sourceId = await createSource(admin.token);
    const corpus = malformedMessages();
    const response = await upload(admin.token, sourceId, "application/mbox", mboxOf(corpus.map((item) => item.bytes)));
    expect(response.status).toBe(200);
    const failedIndexes = response.body.failed.map((failure: { index: number }) => failure.index);
    expect(failedIndexes).toEqual(corpus.flatMap((item, index) => (item.archived ? [] : [index])));
    expect(response.body.imported).toBe(corpus.filter((item) => item.archived).length);
    const big = await db().attachment.findFirstOrThrow({ where: { filename: "big.bin" } });
    expect(big.sizeBytes).toBe(BigInt(50 * 1024 * 1024));
    expect((await storedBytes(big.storagePath)).length).toBe(50 * 1024 * 1024);
    expect((await stat(storedFile(big.storagePath))).size).toBeGreaterThan(0);
    const nul = await db().archivedEmail.findFirstOrThrow({ where: { subject: { startsWith: "nul" } } });
    expect(nul.subject).not.toContain("\u0000");
    expect((await verifyAuditLog()).ok).toBe(true);
  }, 120_000);
});
