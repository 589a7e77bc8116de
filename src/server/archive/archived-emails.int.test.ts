import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { verifyAuditLog } from "../audit/verify-audit-log";
import { dataDir } from "../platform/config/env";
import { db } from "../platform/db/client";

useEmptyDatabasePerTest();

const GHOST = "00000000-0000-4000-8000-000000000000";
const HOLDS = "/api/v1/enterprise/legal-holds";
const storedFile = (key: string) => path.join(dataDir(), "storage", key);
const exists = (file: string) =>
  readFile(file).then(
    () => true,
    () => false,
  );

async function archive(token: string, messages: { mailbox?: string; raw: Buffer }[]) {
  const source = await api("POST", "/v1/ingestion-sources", { token, body: { name: "Uploads", provider: "upload" } });
  const byMailbox = new Map<string, Buffer[]>();
  for (const message of messages)
    byMailbox.set(message.mailbox ?? "alice@example.com", [...(byMailbox.get(message.mailbox ?? "alice@example.com") ?? []), message.raw]);
  for (const [mailbox, raws] of byMailbox) {
    const response = await api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=${mailbox}`, {
      token,
      rawBody: new Uint8Array(mboxOf(raws)),
      headers: { "content-type": "application/mbox" },
    });
    expect(response.body.failed).toEqual([]);
  }
  return source.body.id as string;
}

const emailBySubject = (subject: string) => db().archivedEmail.findFirstOrThrow({ where: { subject } });

describe("listing a source's emails", () => {
  it("pages newest-archived first with page/limit defaults 1/10 and limit at most 100", async () => {
    const admin = await setupAdmin();
    const sourceId = await archive(
      admin.token,
      Array.from({ length: 12 }, (_, index) => ({ raw: buildMessage({ subject: `m${index}` }) })),
    );
    const first = await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}`, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(first.body.items).toHaveLength(10);
    expect(Object.keys(first.body.items[0]).sort()).toEqual([
      "archivedAt",
      "hasAttachments",
      "id",
      "ingestionSourceId",
      "isIndexed",
      "isOnLegalHold",
      "messageIdHeader",
      "path",
      "recipients",
      "senderEmail",
      "senderName",
      "sentAt",
      "sentAtFallback",
      "sizeBytes",
      "storageHashSha256",
      "storagePath",
      "subject",
      "tags",
      "userEmail",
    ]);
    const second = await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}?page=2&limit=10`, { token: admin.token });
    expect(second.body.items).toHaveLength(2);
    const ids = [...first.body.items, ...second.body.items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(12);
    expect(
      (await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}?limit=100`, { token: admin.token })).body.items,
    ).toHaveLength(12);
    for (const query of ["limit=101", "limit=0", "page=0", "page=x"]) {
      const response = await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}?${query}`, { token: admin.token });
      expect(response.status, query).toBe(422);
      expect(response.body).toMatchObject({ status: "error", statusCode: 422 });
    }
    expect((await api("GET", `/v1/archived-emails/ingestion-source/${GHOST}`, { token: admin.token })).status).toBe(404);
    expect((await api("GET", "/v1/archived-emails/ingestion-source/nope", { token: admin.token })).status).toBe(422);
  });

  it("says in the list and the search results when Sent is the archive time (no usable Date header)", async () => {
    const admin = await setupAdmin();
    const sourceId = await archive(admin.token, [
      { raw: buildMessage({ subject: "Undated memo", date: null }) },
      { raw: buildMessage({ subject: "Dated memo" }) },
    ]);
    const listed = (await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}`, { token: admin.token })).body.items;
    const found = (await api("GET", "/v1/search?query=memo", { token: admin.token })).body.items;
    for (const items of [listed, found]) {
      const bySubject = Object.fromEntries(items.map((item: { subject: string; sentAtFallback: string | null }) => [item.subject, item]));
      expect(bySubject["Undated memo"]).toMatchObject({ sentAtFallback: "missing" });
      expect(bySubject["Dated memo"]).toMatchObject({ sentAtFallback: null });
    }
  });

  it("flags each email an active hold protects, once however many holds it has", async () => {
    const admin = await setupAdmin();
    const sourceId = await archive(
      admin.token,
      ["twice held", "released only", "free"].map((subject) => ({ raw: buildMessage({ subject }) })),
    );
    const holdIds: string[] = [];
    for (const name of ["First", "Second", "Released"])
      holdIds.push((await api("POST", `${HOLDS}/holds`, { token: admin.token, body: { name } })).body.id);
    const link = async (subject: string, holdId: string) =>
      expect(
        (await api("POST", `${HOLDS}/email/${(await emailBySubject(subject)).id}/holds`, { token: admin.token, body: { holdId } })).status,
      ).toBe(200);
    await link("twice held", holdIds[0]);
    await link("twice held", holdIds[1]);
    await link("twice held", holdIds[2]);
    await link("released only", holdIds[2]);
    await api("PUT", `${HOLDS}/holds/${holdIds[2]}`, { token: admin.token, body: { isActive: false } });
    const flags = async () =>
      Object.fromEntries(
        (await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}`, { token: admin.token })).body.items.map(
          (item: { subject: string; isOnLegalHold: boolean }) => [item.subject, item.isOnLegalHold],
        ),
      );
    expect(await flags()).toEqual({ "twice held": true, "released only": false, free: false });
    await api("PUT", `${HOLDS}/holds/${holdIds[0]}`, { token: admin.token, body: { isActive: false } });
    expect(await flags()).toEqual({ "twice held": true, "released only": false, free: false });
    await api("PUT", `${HOLDS}/holds/${holdIds[1]}`, { token: admin.token, body: { isActive: false } });
    expect(await flags()).toEqual({ "twice held": false, "released only": false, free: false });
  });

  it("shows only what a role's conditions allow", async () => {
    const admin = await setupAdmin();
    const sourceId = await archive(admin.token, [
      { mailbox: "alice@example.com", raw: buildMessage({ subject: "for alice" }) },
      { mailbox: "bob@example.com", raw: buildMessage({ subject: "for bob" }) },
    ]);
    const alice = await createUserWithRole(admin.token, [
      { action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } },
    ]);
    const list = await api("GET", `/v1/archived-emails/ingestion-source/${sourceId}`, { token: alice.token });
    expect(list.body.items.map((item: { subject: string }) => item.subject)).toEqual(["for alice"]);
    expect(list.body.total).toBe(1);
    const bobs = await emailBySubject("for bob");
    expect((await api("GET", `/v1/archived-emails/${bobs.id}`, { token: alice.token })).status).toBe(404);
    expect((await api("GET", `/v1/archived-emails/${bobs.id}/raw`, { token: alice.token })).status).toBe(404);
  });
});

describe("one archived email", () => {
  it("tells its To, Cc and Bcc recipients apart", async () => {
    const admin = await setupAdmin();
    await archive(admin.token, [
      {
        raw: buildMessage({
          subject: "Kinds",
          to: ["Bob <bob@example.com>"],
          cc: ["Carol <Carol@Example.com>"],
          bcc: ["dave@example.com"],
        }),
      },
    ]);
    const email = await emailBySubject("Kinds");
    const response = await api("GET", `/v1/archived-emails/${email.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.recipients.map((recipient: { email: string }) => recipient.email)).toEqual([
      "bob@example.com",
      "Carol@Example.com",
      "dave@example.com",
    ]);
    expect(response.body).toMatchObject({ cc: ["carol@example.com"], bcc: ["dave@example.com"] });
  });

  it("has its attachments, its thread ordered by sentAt, isOnLegalHold, and a READ audit entry", async () => {
    const admin = await setupAdmin();
    await archive(admin.token, [
      { raw: buildMessage({ messageId: "root@x", subject: "Plan", date: "Mon, 01 Jan 2024 09:00:00 +0000" }) },
      {
        raw: buildMessage({
          messageId: "r2@x",
          subject: "Re: Plan (2)",
          date: "Mon, 01 Jan 2024 11:00:00 +0000",
          inReplyTo: "r1@x",
          references: ["root@x", "r1@x"],
        }),
      },
      {
        raw: buildMessage({
          messageId: "r1@x",
          subject: "Re: Plan",
          date: "Mon, 01 Jan 2024 10:00:00 +0000",
          inReplyTo: "root@x",
          references: ["root@x"],
          attachments: [{ filename: "plan.txt", contentType: "text/plain", content: "the plan" }],
        }),
      },
      { raw: buildMessage({ messageId: "other@x", subject: "Unrelated" }) },
    ]);
    const reply = await emailBySubject("Re: Plan");
    const hold = await api("POST", `${HOLDS}/holds`, { token: admin.token, body: { name: "Case" } });
    await api("POST", `${HOLDS}/email/${reply.id}/holds`, { token: admin.token, body: { holdId: hold.body.id } });
    const response = await api("GET", `/v1/archived-emails/${reply.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: reply.id,
      messageIdHeader: "r1@x",
      subject: "Re: Plan",
      isOnLegalHold: true,
      hasAttachments: true,
      sentAtFallback: null,
      attachments: [
        {
          id: expect.any(String),
          filename: "plan.txt",
          mimeType: "text/plain",
          sizeBytes: 8,
          storagePath: expect.stringMatching(/^sha256\//),
        },
      ],
      thread: [
        { id: expect.any(String), subject: "Plan", sentAt: "2024-01-01T09:00:00.000Z", senderEmail: "alice@example.com" },
        { id: expect.any(String), subject: "Re: Plan (2)", sentAt: "2024-01-01T11:00:00.000Z", senderEmail: "alice@example.com" },
      ],
    });
    expect(response.body.bodyText).toContain("Hello from the test suite.");
    const read = await db().auditLog.findFirstOrThrow({ where: { actionType: "READ", targetId: reply.id } });
    expect(read.actorIdentifier).toBe(admin.user.email);
    expect((await api("GET", `/v1/archived-emails/${GHOST}`, { token: admin.token })).status).toBe(404);
    expect((await api("GET", "/v1/archived-emails/123", { token: admin.token })).status).toBe(422);
  });

  it("serves the raw .eml byte for byte and attachments, and never serves altered bytes", async () => {
    const admin = await setupAdmin();
    const raw = buildMessage({
      subject: "Raw",
      attachments: [{ filename: "Bericht Ü.pdf", contentType: "application/pdf", content: "%PDF-1.4 body" }],
    });
    await archive(admin.token, [{ raw }]);
    const email = await db().archivedEmail.findFirstOrThrow({ include: { attachments: true } });
    const download = await api("GET", `/v1/archived-emails/${email.id}/raw`, { token: admin.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("message/rfc822");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    expect(download.bytes).toEqual(raw);
    const attachment = email.attachments[0];
    const file = await api("GET", `/v1/archived-emails/${email.id}/attachments/${attachment.id}`, { token: admin.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toContain("filename*=UTF-8''Bericht%20%C3%9C.pdf");
    expect(file.text).toBe("%PDF-1.4 body");
    expect((await api("GET", `/v1/archived-emails/${email.id}/attachments/${GHOST}`, { token: admin.token })).status).toBe(404);

    await writeFile(storedFile(email.storagePath), Buffer.concat([raw, Buffer.from("tampered")]));
    const refused = await api("GET", `/v1/archived-emails/${email.id}/raw`, { token: admin.token });
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ status: "error", statusCode: 500, message: expect.stringContaining("Integrity") });
    expect(refused.text).not.toContain("tampered");
    const incident = await db().auditLog.findFirstOrThrow({ where: { actionType: "INTEGRITY_FAILURE" } });
    expect(incident).toMatchObject({ targetType: "ArchivedEmail", targetId: email.id });
    expect((await verifyAuditLog()).ok).toBe(true);
  });

  it("lists attachments whose text could not be extracted", async () => {
    const admin = await setupAdmin();
    await archive(admin.token, [
      { raw: buildMessage({ subject: "Scan", attachments: [{ filename: "scan.pdf", contentType: "application/pdf", content: "x" }] }) },
    ]);
    const attachment = await db().attachment.findFirstOrThrow();
    await db().attachment.update({ where: { id: attachment.id }, data: { extractionError: "corrupt PDF" } });
    const list = await api("GET", "/v1/archived-emails/unsearchable", { token: admin.token });
    expect(list.body).toEqual({
      items: [
        {
          emailId: attachment.emailId,
          subject: "Scan",
          sentAt: expect.any(String),
          attachmentId: attachment.id,
          filename: "scan.pdf",
          mimeType: "application/pdf",
          error: "corrupt PDF",
        },
      ],
      total: 1,
      page: 1,
      limit: 50,
    });
    expect((await api("GET", "/v1/archived-emails/unsearchable?limit=500", { token: admin.token })).status).toBe(422);
  });
});

describe("deleting an archived email", () => {
  it("is refused while deletion is disabled (403), on hold (409); otherwise removes row, search entry and unshared bytes", async () => {
    const admin = await setupAdmin();
    const shared = buildMessage({ subject: "Shared bytes", messageId: "shared@x" });
    await archive(admin.token, [
      { raw: shared },
      { raw: shared, mailbox: "bob@example.com" },
      { raw: buildMessage({ subject: "Alone", attachments: [{ filename: "a.txt", content: "attachment bytes" }] }) },
    ]);
    const alone = await db().archivedEmail.findFirstOrThrow({ where: { subject: "Alone" }, include: { attachments: true } });
    const disabled = await api("DELETE", `/v1/archived-emails/${alone.id}`, { token: admin.token });
    expect(disabled.status).toBe(403);
    // In the words of the Settings page that turns it on, not the setting's field name.
    expect(disabled.body.message).toMatch(/turned off .* under Settings, “Deletion of archived emails”/);
    expect(disabled.body.message).not.toContain("deletionEnabled");
    expect((await api("GET", "/v1/settings", { token: admin.token })).body).toEqual({
      deletionEnabled: false,
      mfaRequired: "off",
      nearDuplicateThreshold: 80,
      ignorePatterns: [],
      phraseIndex: false,
    });
    expect((await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } })).body).toEqual({
      deletionEnabled: true,
      mfaRequired: "off",
      nearDuplicateThreshold: 80,
      ignorePatterns: [],
      phraseIndex: false,
    });

    const hold = await api("POST", `${HOLDS}/holds`, { token: admin.token, body: { name: "Keep" } });
    await api("POST", `${HOLDS}/email/${alone.id}/holds`, { token: admin.token, body: { holdId: hold.body.id } });
    const held = await api("DELETE", `/v1/archived-emails/${alone.id}`, { token: admin.token });
    expect(held.status).toBe(409);
    expect(held.body.message).toContain("Keep");
    await api("PUT", `${HOLDS}/holds/${hold.body.id}`, { token: admin.token, body: { isActive: false } });

    const deleted = await api("DELETE", `/v1/archived-emails/${alone.id}`, { token: admin.token });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(await db().archivedEmail.count({ where: { id: alone.id } })).toBe(0);
    expect(await db().attachment.count({ where: { emailId: alone.id } })).toBe(0);
    expect(await exists(storedFile(alone.storagePath))).toBe(false);
    expect(await exists(storedFile(alone.attachments[0].storagePath))).toBe(false);
    expect((await api("GET", "/v1/search?query=Alone", { token: admin.token })).body.total).toBe(0);
    const audit = await db().auditLog.findFirstOrThrow({ where: { actionType: "DELETE", targetId: alone.id } });
    expect(audit.details).toMatchObject({ storageHashSha256: alone.storageHashSha256 });

    const [first, second] = await db().archivedEmail.findMany({ where: { subject: "Shared bytes" } });
    expect((await api("DELETE", `/v1/archived-emails/${first.id}`, { token: admin.token })).status).toBe(204);
    expect(await exists(storedFile(second.storagePath))).toBe(true);
    expect((await api("DELETE", `/v1/archived-emails/${first.id}`, { token: admin.token })).status).toBe(404);
    expect((await verifyAuditLog()).ok).toBe(true);
  });

  it("needs delete:archive within the role's conditions, and settings need manage:all", async () => {
    const admin = await setupAdmin();
    await archive(admin.token, [{ raw: buildMessage({ subject: "Bob's" }), mailbox: "bob@example.com" }]);
    await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } });
    const email = await emailBySubject("Bob's");
    const aliceOnly = await createUserWithRole(admin.token, [
      { action: "read", subject: "archive" },
      { action: "delete", subject: "archive", conditions: { userEmail: "alice@example.com" } },
    ]);
    expect((await api("DELETE", `/v1/archived-emails/${email.id}`, { token: aliceOnly.token })).status).toBe(404);
    expect((await api("GET", "/v1/settings", { token: aliceOnly.token })).status).toBe(403);
    expect((await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: "yes" } })).status).toBe(422);
    expect((await api("PUT", "/v1/settings", { token: admin.token, body: { other: true } })).status).toBe(422);
    expect(await db().archivedEmail.count()).toBe(1);
  });
});
