import { randomBytes } from "node:crypto";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectLegalHoldCommand,
  GetObjectRetentionCommand,
  ListObjectVersionsCommand,
  PutObjectCommand,
  PutObjectLegalHoldCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startCephRgw, type CephRgw } from "@tests/helpers/ceph-rgw";
import { s3StorageEnvironment } from "@tests/helpers/s3-server";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { trpcHttp } from "@tests/helpers/trpc-http";
import {
  applyHold,
  applyLabel,
  createHold,
  createLabel,
  createPolicy,
  DAY_MS,
  daysAgo,
  setHoldActive,
  updatePolicy,
} from "@tests/helpers/retention";
import { verifyAuditLog } from "../../audit/verify-audit-log";
import { db } from "../../platform/db/client";
import { checkInstallation } from "../../installation/check-installation";
import { blobRetentionCheck } from "../../installation/checks/blob-retention-check";
import { NO_RETENTION } from "../../archive/storage/blob-store";
import { blobStore } from "../../archive/storage/blob-store-factory";
import { runLifecycleCycle } from "./run-lifecycle-cycle";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const RETENTION = "/api/v1/enterprise/retention-policy";

withEnv({ STORAGE_IMMUTABLE: "true" });

async function archive(token: string, messages: Buffer[], userEmail = "alice@example.com") {
  const source = await api("POST", "/v1/ingestion-sources", { token, body: { name: `Mail ${Math.random()}`, provider: "upload" } });
  const response = await api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=${userEmail}`, {
    token,
    rawBody: new Uint8Array(mboxOf(messages)),
    headers: { "content-type": "application/mbox" },
  });
  expect(response.body.failed).toEqual([]);
}

const emailBySubject = (subject: string) => db().archivedEmail.findFirstOrThrow({ where: { subject }, include: { attachments: true } });
const storedRetention = (key: string) => blobStore().retentionOf(key);
const after = (sentAt: Date, days: number) => new Date(sentAt.getTime() + days * DAY_MS);
const stored = (key: string) => blobStore().exists(key);

/** A ten-year policy on contracts, and a contract and a chat archived under it. */
async function archiveContractAndChat(token: string) {
  await createPolicy(token, {
    name: "Contracts",
    retentionPeriodDays: 3650,
    conditions: { operator: "AND", rules: [{ field: "subject", op: "contains", value: "Contract" }] },
  });
  await archive(token, [buildMessage({ subject: "Contract" }), buildMessage({ subject: "Chat" })]);
  return Promise.all([emailBySubject("Contract"), emailBySubject("Chat")]);
}

describe("immutable storage (STORAGE_IMMUTABLE=true, local store)", () => {
  it("sets retain-until on write from the deciding rule, extends it with labels, policies and holds, and never shortens it", async () => {
    const admin = await setupAdmin();
    const policy = await createPolicy(admin.token, {
      name: "Five years",
      retentionPeriodDays: 1825,
      conditions: { operator: "AND", rules: [{ field: "subject", op: "contains", value: "Report" }] },
    });
    await archive(admin.token, [
      buildMessage({ subject: "Report", date: daysAgo(10).toUTCString(), attachments: [{ filename: "r.txt", content: "figures" }] }),
      buildMessage({ subject: "Kept forever" }),
    ]);
    const email = await emailBySubject("Report");
    expect(await storedRetention(email.storagePath)).toEqual({ retainUntil: after(email.sentAt, 1825), legalHold: false });
    expect(await storedRetention(email.attachments[0].storagePath)).toEqual({ retainUntil: after(email.sentAt, 1825), legalHold: false });
    expect(await db().blobRetention.findUniqueOrThrow({ where: { hash: email.storageHashSha256 } })).toMatchObject({
      retainUntil: after(email.sentAt, 1825),
    });
    // No rule governs it: nothing retains it by date.
    expect(await storedRetention((await emailBySubject("Kept forever")).storagePath)).toEqual(NO_RETENTION);

    const label = await createLabel(admin.token, "Ten years", 3650);
    await applyLabel(admin.token, email.id, label.id);
    expect((await storedRetention(email.storagePath))!.retainUntil).toEqual(after(email.sentAt, 3650));

    // Removing the label shortens the rule in the database; the store keeps the longer date.
    expect((await api("DELETE", `${RETENTION}/email/${email.id}/label`, { token: admin.token })).status).toBe(200);
    await runLifecycleCycle();
    expect((await storedRetention(email.storagePath))!.retainUntil).toEqual(after(email.sentAt, 3650));

    // A policy change lengthening retention reaches the store with the next cycle.
    await updatePolicy(admin.token, policy.id, { retentionPeriodDays: 5000 });
    await runLifecycleCycle();
    expect((await storedRetention(email.storagePath))!.retainUntil).toEqual(after(email.sentAt, 5000));
    expect((await storedRetention(email.attachments[0].storagePath))!.retainUntil).toEqual(after(email.sentAt, 5000));

    // A hold sets the legal hold at once; releasing it clears the flag with the next cycle, the date stays.
    const hold = await createHold(admin.token, "Litigation");
    await applyHold(admin.token, email.id, hold.id);
    expect(await storedRetention(email.storagePath)).toEqual({ retainUntil: after(email.sentAt, 5000), legalHold: true });
    await setHoldActive(admin.token, hold.id, false);
    await runLifecycleCycle();
    expect(await storedRetention(email.storagePath)).toEqual({ retainUntil: after(email.sentAt, 5000), legalHold: false });
  });

  it("the lifecycle deletes what the store allows, keeps and reports what it still retains, and waits for a released hold", async () => {
    const admin = await setupAdmin();
    await archive(admin.token, [
      buildMessage({ subject: "Expired", date: daysAgo(400).toUTCString(), attachments: [{ filename: "e.txt", content: "old" }] }),
      buildMessage({ subject: "Once labelled", date: daysAgo(400).toUTCString() }),
      buildMessage({ subject: "Held", date: daysAgo(400).toUTCString() }),
    ]);
    const [expired, labelled, held] = await Promise.all(["Expired", "Once labelled", "Held"].map(emailBySubject));
    const label = await createLabel(admin.token, "Ten years", 3650);
    await applyLabel(admin.token, labelled.id, label.id);
    expect((await api("DELETE", `${RETENTION}/email/${labelled.id}/label`, { token: admin.token })).status).toBe(200);
    const hold = await createHold(admin.token, "Litigation");
    await applyHold(admin.token, held.id, hold.id);
    await createPolicy(admin.token, { name: "One year", retentionPeriodDays: 365 });

    const first = await runLifecycleCycle();
    expect(first).toMatchObject({ deleted: 1, protectedByHold: 1, failed: 1 });
    expect(await db().archivedEmail.count({ where: { id: expired.id } })).toBe(0);
    expect(await stored(expired.storagePath)).toBe(false);
    expect(await stored(expired.attachments[0].storagePath)).toBe(false);
    // The label's ten years still bind the bytes: row and bytes stay, the cycle and the audit log say why.
    expect(await db().archivedEmail.count({ where: { id: labelled.id } })).toBe(1);
    expect(await stored(labelled.storagePath)).toBe(true);
    const cycle = await db().lifecycleCycle.findUniqueOrThrow({ where: { id: first.cycleId! } });
    expect(cycle.failures).toEqual([
      { emailId: labelled.id, error: expect.stringMatching(/^Not deleted: its stored blob .* is retained until /) },
    ]);
    const refusal = await db().auditLog.findFirstOrThrow({ where: { actionType: "DELETE_REFUSED", targetId: labelled.id } });
    expect(refusal.details).toMatchObject({ reason: "StorageRetention", cycleId: first.cycleId });

    await setHoldActive(admin.token, hold.id, false);
    const second = await runLifecycleCycle();
    expect(second).toMatchObject({ deleted: 1, protectedByHold: 0, failed: 1 });
    expect(await db().archivedEmail.count({ where: { id: held.id } })).toBe(0);
    expect(await stored(held.storagePath)).toBe(false);
    expect(await db().archivedEmail.count({ where: { id: labelled.id } })).toBe(1);
    expect((await verifyAuditLog()).ok).toBe(true);
  });

  it("manual deletion is refused with 409 while the store retains the bytes, and allowed once nothing retains them", async () => {
    const admin = await setupAdmin();
    await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } });
    const [contract, chat] = await archiveContractAndChat(admin.token);

    const refused = await api("DELETE", `/v1/archived-emails/${contract.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: "error",
      statusCode: 409,
      message: expect.stringMatching(
        /^The email cannot be deleted yet: its stored blob sha256\/.* is retained until .* \(immutable storage, STORAGE_IMMUTABLE\)$/,
      ),
      errors: null,
    });
    const viaTrpc = await trpcHttp("archivedEmails.delete", { id: contract.id }, { authorization: `Bearer ${admin.token}` });
    expect(viaTrpc.status).toBe(409);
    expect(JSON.stringify(await viaTrpc.json())).toContain("immutable storage, STORAGE_IMMUTABLE");
    expect(await db().archivedEmail.count({ where: { id: contract.id } })).toBe(1);
    expect(await stored(contract.storagePath)).toBe(true);
    expect(await db().auditLog.count({ where: { actionType: "DELETE", targetId: contract.id } })).toBe(0);

    // No rule retains the chat; a hold does while active (409 from the hold), then it goes.
    const hold = await createHold(admin.token, "Inquiry");
    await applyHold(admin.token, chat.id, hold.id);
    expect((await storedRetention(chat.storagePath))!.legalHold).toBe(true);
    expect((await api("DELETE", `/v1/archived-emails/${chat.id}`, { token: admin.token })).status).toBe(409);
    await setHoldActive(admin.token, hold.id, false);
    expect((await api("DELETE", `/v1/archived-emails/${chat.id}`, { token: admin.token })).status).toBe(204);
    expect(await stored(chat.storagePath)).toBe(false);
    expect(await db().blobRetention.count({ where: { hash: chat.storageHashSha256 } })).toBe(0);
  });

  it("keeps an email's record until its own retention ends, whoever else references the same bytes (issue 34, item 6)", async () => {
    const admin = await setupAdmin();
    await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } });
    const message = buildMessage({ subject: "Board minutes", date: daysAgo(30).toUTCString() });
    await archive(admin.token, [message], "alice@example.com");
    await archive(admin.token, [message], "bob@example.com");
    const copies = await db().archivedEmail.findMany({ orderBy: { userEmail: "asc" } });
    expect(copies.map((email) => email.userEmail)).toEqual(["alice@example.com", "bob@example.com"]);
    const [alices, bobs] = copies;
    expect(bobs.storageHashSha256).toBe(alices.storageHashSha256);
    const label = await createLabel(admin.token, "Ten years", 3650);
    await applyLabel(admin.token, alices.id, label.id);

    // Bob's copy references the same bytes, so deleting Alice's would remove no blob: her own ten years still keep her record.
    const refused = await api("DELETE", `/v1/archived-emails/${alices.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `The email cannot be deleted yet: its own retention (label "Ten years") runs until ${after(alices.sentAt, 3650).toISOString()} ` +
        "(immutable storage, STORAGE_IMMUTABLE)",
    );
    expect(await db().archivedEmail.count({ where: { id: alices.id } })).toBe(1);
    expect(await db().emailRetentionLabel.count({ where: { emailId: alices.id, labelId: label.id } })).toBe(1);
    expect(await db().auditLog.count({ where: { actionType: "DELETE", targetId: alices.id } })).toBe(0);

    // Bob's copy has no rule of its own: it may go, and the bytes stay for Alice's.
    expect((await api("DELETE", `/v1/archived-emails/${bobs.id}`, { token: admin.token })).status).toBe(204);
    expect(await stored(alices.storagePath)).toBe(true);
    expect((await api("DELETE", `/v1/archived-emails/${alices.id}`, { token: admin.token })).status).toBe(409);
    expect(await db().archivedEmail.count({ where: { id: alices.id } })).toBe(1);
  });

  it("archive check reports blobs whose stored retention disagrees with the database", async () => {
    const admin = await setupAdmin();
    await createPolicy(admin.token, { name: "One year", retentionPeriodDays: 365 });
    await archive(admin.token, [
      buildMessage({ subject: "A", date: daysAgo(30).toUTCString() }),
      buildMessage({ subject: "B", date: daysAgo(30).toUTCString() }),
    ]);
    const clean = await checkInstallation({ checks: [blobRetentionCheck] });
    expect(clean).toEqual({ ok: true, summary: { retentionChecked: 2, retentionMismatches: 0 }, problems: [] });

    const [a, b] = await Promise.all([emailBySubject("A"), emailBySubject("B")]);
    // Edited behind the archive's back: A now looks younger (a later retain-until), B linked to a hold without the application.
    await db().$executeRaw`UPDATE archived_emails SET sent_at = now() WHERE id = ${a.id}::uuid`;
    const hold = await createHold(admin.token, "Linked by SQL");
    await db().$executeRaw`INSERT INTO email_legal_holds (email_id, legal_hold_id) VALUES (${b.id}::uuid, ${hold.id}::uuid)`;
    const result = await checkInstallation({ checks: [blobRetentionCheck] });
    expect(result.ok).toBe(false);
    expect(result.summary).toEqual({ retentionChecked: 2, retentionMismatches: 2 });
    expect(result.problems).toHaveLength(2);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^blob ${a.storagePath} \\(email ${a.id}\\): the store has it retained until .*, the database asks for retained until `,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^blob ${b.storagePath} \\(email ${b.id}\\): the store has it retained until .*, the database asks for under legal hold`,
          ),
        ),
      ]),
    );
  });
});

/**
 * The same rules on a real S3 engine with Object Lock (Ceph RGW, tests/helpers/ceph-rgw.ts, default
 * S3_OBJECT_LOCK_MODE=COMPLIANCE): what the service sets must be what the bucket enforces, against
 * the service's own credentials too.
 */
describe("immutable storage on S3 Object Lock (Ceph RGW)", () => {
  let rgw: CephRgw;
  let s3: S3Client;
  let prefix: string;
  beforeAll(async () => {
    rgw = await startCephRgw();
    s3 = rgw.client();
  });
  afterAll(async () => {
    s3?.destroy();
    await rgw?.stop();
  });
  beforeEach(() => {
    // Locked objects outlive the test: each test writes under a prefix of its own.
    prefix = `immutable-${randomBytes(4).toString("hex")}/`;
  });
  withEnv(() => ({ ...s3StorageEnvironment(rgw.lockedBucket), S3_PREFIX: prefix }));

  const target = (key: string) => ({ Bucket: rgw.lockedBucket.bucket, Key: `${prefix}${key}` });
  const versionOf = async (key: string) =>
    (await s3.send(new ListObjectVersionsCommand({ Bucket: rgw.lockedBucket.bucket, Prefix: `${prefix}${key}` }))).Versions![0].VersionId;

  it("a held or retained email's object is locked on the bucket; check names an email whose object lacks its lock", async () => {
    const admin = await setupAdmin();
    const [contract, chat] = await archiveContractAndChat(admin.token);
    const hold = await createHold(admin.token, "Inquiry");
    await applyHold(admin.token, chat.id, hold.id);

    expect((await s3.send(new GetObjectLegalHoldCommand(target(chat.storagePath)))).LegalHold?.Status).toBe("ON");
    expect((await s3.send(new GetObjectRetentionCommand(target(contract.storagePath)))).Retention).toEqual({
      Mode: "COMPLIANCE",
      RetainUntilDate: after(contract.sentAt, 3650),
    });
    // The bucket itself refuses the service's credentials: every version of the bytes stays.
    for (const email of [chat, contract]) {
      await expect(
        s3.send(
          new DeleteObjectCommand({
            ...target(email.storagePath),
            VersionId: await versionOf(email.storagePath),
            BypassGovernanceRetention: true,
          }),
        ),
      ).rejects.toMatchObject({ name: "AccessDenied" });
      expect(await blobStore().exists(email.storagePath)).toBe(true);
    }
    expect(await checkInstallation({ checks: [blobRetentionCheck] })).toMatchObject({ ok: true, problems: [] });

    // The hold lifted on the bucket behind the service's back, and a contract archived while the mode was off.
    await s3.send(new PutObjectLegalHoldCommand({ ...target(chat.storagePath), LegalHold: { Status: "OFF" } }));
    await withEnv({ STORAGE_IMMUTABLE: undefined }, () => archive(admin.token, [buildMessage({ subject: "Contract, archived unlocked" })]));
    const unlocked = await emailBySubject("Contract, archived unlocked");
    await expect(s3.send(new GetObjectRetentionCommand(target(unlocked.storagePath)))).rejects.toMatchObject({
      name: "ObjectLockConfigurationNotFoundError",
    });

    const result = await checkInstallation({ checks: [blobRetentionCheck] });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^blob ${chat.storagePath} \\(email ${chat.id}\\): the store has it retained by no date, the database asks for under legal hold`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^blob ${unlocked.storagePath} \\(email ${unlocked.id}\\): the store has it retained by no date, the database asks for retained until `,
          ),
        ),
      ]),
    );
    expect(result.problems).toHaveLength(2);
  });

  it("check compares every version of an object: an older copy left unheld is named", async () => {
    const admin = await setupAdmin();
    const [, chat] = await archiveContractAndChat(admin.token);
    // A second copy of the same key, as two hosts storing one message at once leave it.
    const bytes = await (await s3.send(new GetObjectCommand(target(chat.storagePath)))).Body!.transformToByteArray();
    await s3.send(new PutObjectCommand({ ...target(chat.storagePath), Body: bytes }));
    const hold = await createHold(admin.token, "Inquiry");
    await applyHold(admin.token, chat.id, hold.id);
    const listed = await s3.send(
      new ListObjectVersionsCommand({ Bucket: rgw.lockedBucket.bucket, Prefix: `${prefix}${chat.storagePath}` }),
    );
    const versions = listed.Versions!.filter((version) => version.Key === `${prefix}${chat.storagePath}`);
    expect(versions).toHaveLength(2);
    for (const version of versions)
      expect(
        (await s3.send(new GetObjectLegalHoldCommand({ ...target(chat.storagePath), VersionId: version.VersionId }))).LegalHold?.Status,
      ).toBe("ON");
    expect(await checkInstallation({ checks: [blobRetentionCheck] })).toMatchObject({ ok: true, problems: [] });

    // The older copy's hold lifted behind the service's back: the current one still reads as held.
    const older = versions.find((version) => !version.IsLatest)!;
    await s3.send(new PutObjectLegalHoldCommand({ ...target(chat.storagePath), VersionId: older.VersionId, LegalHold: { Status: "OFF" } }));
    expect((await s3.send(new GetObjectLegalHoldCommand(target(chat.storagePath)))).LegalHold?.Status).toBe("ON");
    expect(await blobStore().retentionOf(chat.storagePath)).toMatchObject({ legalHold: true });

    const result = await checkInstallation({ checks: [blobRetentionCheck] });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.stringMatching(
        new RegExp(
          `^blob ${chat.storagePath} \\(email ${chat.id}\\): copy [12] of 2: the store has it .*, the database asks for under legal hold`,
        ),
      ),
    ]);
  });
});

describe("immutability mode off", () => {
  withEnv({ STORAGE_IMMUTABLE: undefined });

  it("records no retention and deletes as before", async () => {
    const admin = await setupAdmin();
    await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } });
    await createPolicy(admin.token, { name: "Ten years", retentionPeriodDays: 3650 });
    await archive(admin.token, [buildMessage({ subject: "Young" })]);
    const email = await emailBySubject("Young");
    const hold = await createHold(admin.token, "Litigation");
    await applyHold(admin.token, email.id, hold.id);
    expect(await db().blobRetention.count()).toBe(0);
    expect(await storedRetention(email.storagePath)).toEqual(NO_RETENTION);
    await setHoldActive(admin.token, hold.id, false);
    expect((await api("DELETE", `/v1/archived-emails/${email.id}`, { token: admin.token })).status).toBe(204);
    expect(await stored(email.storagePath)).toBe(false);
    expect((await checkInstallation({ checks: [blobRetentionCheck] })).summary).toEqual({});
  });
});
