import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { applyHold, createHold, createPolicy } from "@tests/helpers/retention";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { dataDir } from "../../platform/config/env";
import { db } from "../../platform/db/client";
import { runLifecycleCycle } from "./run-lifecycle-cycle";

useEmptyDatabasePerTest();

const exists = (key: string) =>
  readFile(path.join(dataDir(), "storage", key)).then(
    () => true,
    () => false,
  );

async function importInto(token: string, sourceId: string, mailbox: string, messages: Buffer[]) {
  const response = await api("POST", `/v1/ingestion-sources/${sourceId}/import?userEmail=${mailbox}`, {
    token,
    rawBody: new Uint8Array(mboxOf(messages)),
    headers: { "content-type": "application/mbox" },
  });
  expect(response.body.failed).toEqual([]);
}

describe("lifecycle and stored bytes", () => {
  it("removes the bytes of expired emails and their attachments, keeping bytes another email still uses", async () => {
    const admin = await setupAdmin();
    const source = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Mail", provider: "upload" } });
    const old = "Mon, 01 Jan 2018 10:00:00 +0000";
    const shared = buildMessage({ subject: "Shared", date: old, messageId: "shared@x" });
    const alone = buildMessage({ subject: "Alone", date: old, attachments: [{ filename: "report.txt", content: "only here" }] });
    const keptAttachment = buildMessage({
      subject: "Recent",
      attachments: [{ filename: "report-copy.txt", content: "also elsewhere" }],
      date: new Date().toUTCString(),
    });
    const expiringTwin = buildMessage({
      subject: "Old twin",
      date: old,
      attachments: [{ filename: "twin.txt", content: "also elsewhere" }],
    });
    const held = buildMessage({ subject: "Held", date: old });
    await importInto(admin.token, source.body.id, "alice@example.com", [shared, alone, keptAttachment, expiringTwin, held]);
    await importInto(admin.token, source.body.id, "bob@example.com", [shared]);
    const hold = await createHold(admin.token, "Litigation");
    const heldEmail = await db().archivedEmail.findFirstOrThrow({ where: { subject: "Held" } });
    await applyHold(admin.token, heldEmail.id, hold.id);
    // Bob's copy of "Shared" is outside the policy's scope, so its bytes must stay.
    await createPolicy(admin.token, {
      name: "Alice 1y",
      retentionPeriodDays: 365,
      conditions: { operator: "AND", rules: [{ field: "userEmail", op: "equals", value: "alice@example.com" }] },
    });
    const before = await db().archivedEmail.findMany({ include: { attachments: true } });
    const bySubject = (subject: string, mailbox = "alice@example.com") =>
      before.find((email) => email.subject === subject && email.userEmail === mailbox)!;

    const summary = await runLifecycleCycle();
    expect(summary).toMatchObject({ deleted: 3, protectedByHold: 1, failed: 0 });
    expect(await exists(bySubject("Alone").storagePath)).toBe(false);
    expect(await exists(bySubject("Alone").attachments[0].storagePath)).toBe(false);
    expect(await exists(bySubject("Old twin").storagePath)).toBe(false);
    expect(await exists(bySubject("Old twin").attachments[0].storagePath)).toBe(true);
    expect(bySubject("Old twin").attachments[0].hashSha256).toBe(bySubject("Recent").attachments[0].hashSha256);
    expect(await exists(bySubject("Shared").storagePath)).toBe(true);
    expect(await exists(heldEmail.storagePath)).toBe(true);
    expect((await db().archivedEmail.findMany({ orderBy: { subject: "asc" } })).map((email) => [email.subject, email.userEmail])).toEqual([
      ["Held", "alice@example.com"],
      ["Recent", "alice@example.com"],
      ["Shared", "bob@example.com"],
    ]);
    const raw = await api("GET", `/v1/archived-emails/${bySubject("Shared", "bob@example.com").id}/raw`, { token: admin.token });
    expect(raw.bytes).toEqual(shared);
    expect((await verifyAuditLog()).ok).toBe(true);
  });
});
