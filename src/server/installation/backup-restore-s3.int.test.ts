import { randomBytes } from "node:crypto";
import { copyFile, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DeleteObjectCommand, GetObjectLegalHoldCommand, ListObjectVersionsCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { startCephRgw, type CephRgw } from "@tests/helpers/ceph-rgw";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { useRestoreTargets } from "@tests/helpers/restore-target";
import { applyHold, createHold } from "@tests/helpers/retention";
import { runArchiveCli } from "@tests/helpers/archive-cli";
import { s3StorageEnvironment } from "@tests/helpers/s3-server";
import { withEnv } from "@tests/helpers/with-env";
import { syncBlobRetention } from "../retention/lifecycle/blob-retention";
import { db, disconnectDb } from "../platform/db/client";
import { checkInstallation } from "./check-installation";

useEmptyDatabasePerTest();

const runArchive = (args: string[], env: Record<string, string> = {}) => runArchiveCli(args, env);
const freshTarget = useRestoreTargets();

/**
 * Backup and restore with the store on a real S3 engine with Object Lock (Ceph RGW,
 * tests/helpers/ceph-rgw.ts) in immutability mode; the local-store flow is backup-restore.int.test.ts.
 */
describe("backup / restore / check on S3 Object Lock (Ceph RGW)", () => {
  let rgw: CephRgw;
  let s3: S3Client;
  const environment: Record<string, string> = {};
  beforeAll(async () => {
    rgw = await startCephRgw();
    s3 = rgw.client();
    Object.assign(environment, s3StorageEnvironment(rgw.lockedBucket), { STORAGE_IMMUTABLE: "true" });
  });
  afterAll(async () => {
    s3?.destroy();
    await rgw?.stop();
  });

  const objectOf = (prefix: string, key: string) => ({ Bucket: rgw.lockedBucket.bucket, Key: `${prefix}${key}` });
  const legalHoldOf = async (prefix: string, key: string) =>
    (await s3.send(new GetObjectLegalHoldCommand(objectOf(prefix, key))).catch(() => null))?.LegalHold?.Status ?? "none";

  it("restores into another prefix; check names the held email until its hold reaches the restored object, which the bucket then keeps", async () => {
    const live = `live-${randomBytes(4).toString("hex")}/`;
    await withEnv({ ...environment, S3_PREFIX: live }, async () => {
      const admin = await setupAdmin();
      const source = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Mail", provider: "upload" } });
      const messages = ["Minutes", "Invoice", "Chat"].map((subject) =>
        buildMessage({ subject, attachments: [{ filename: "a.txt", content: subject }] }),
      );
      const imported = await api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=alice@example.com`, {
        token: admin.token,
        rawBody: new Uint8Array(mboxOf(messages)),
        headers: { "content-type": "application/mbox" },
      });
      expect(imported.body.failed).toEqual([]);
      const held = await db().archivedEmail.findFirstOrThrow({ where: { subject: "Minutes" }, include: { attachments: true } });
      const hold = await createHold(admin.token, "Case 9");
      await applyHold(admin.token, held.id, hold.id);
      expect(await legalHoldOf(live, held.storagePath)).toBe("ON");

      const backupRoot = await mkdtemp(path.join(tmpdir(), "backup-"));
      const backup = await runArchive(["backup", "--to", backupRoot]);
      expect(backup.code, backup.stderr).toBe(0);

      const restored = `restored-${randomBytes(4).toString("hex")}/`;
      const target: Record<string, string> = {
        ...(await freshTarget({ startedOnce: true })),
        ...environment,
        S3_PREFIX: restored,
        STORAGE_KEY_FILE: path.join(process.env.DATA_DIR!, "storage.key"),
      };
      // The signing key handed over, a new session secret (the backed-up one is never restored).
      await copyFile(path.join(process.env.DATA_DIR!, "export-signing-key.pem"), path.join(target.DATA_DIR!, "export-signing-key.pem"));
      const restore = await runArchive(["restore", "--from", backupRoot], { ...target, AUTH_SECRET: "" });
      expect(restore.code, restore.stderr).toBe(0);
      // blob_retention is not restored (it describes the old store): the held email's new object has no
      // hold until the restored installation's first retention pass (the lifecycle cycle's); check says so.
      expect(await legalHoldOf(restored, held.storagePath)).toBe("none");
      try {
        await withEnv({ DATABASE_URL: target.DATABASE_URL, S3_PREFIX: restored }, async () => {
          await disconnectDb();
          const before = await checkInstallation();
          // The raw message and the attachment, each naming the email.
          expect(before.problems.toSorted()).toEqual(
            [held.storagePath, held.attachments[0].storagePath]
              .map(
                (key) =>
                  `blob ${key} (email ${held.id}): the store has it retained by no date, the database asks for under legal hold (retained by no date)`,
              )
              .sort(),
          );
          expect(await syncBlobRetention()).toBeGreaterThan(0);
          const after = await checkInstallation();
          expect(after).toMatchObject({ ok: true, problems: [] });
          expect(after.summary).toMatchObject({ emails: 3, blobsMissing: 0, blobsCorrupt: 0, retentionMismatches: 0 });
        });
      } finally {
        // Back on the live database and prefix (withEnv has put them back).
        await disconnectDb();
      }
      expect(await legalHoldOf(restored, held.storagePath)).toBe("ON");
      const listed = await s3.send(
        new ListObjectVersionsCommand({ Bucket: rgw.lockedBucket.bucket, Prefix: `${restored}${held.storagePath}` }),
      );
      await expect(
        s3.send(new DeleteObjectCommand({ ...objectOf(restored, held.storagePath), VersionId: listed.Versions![0].VersionId })),
      ).rejects.toMatchObject({ name: "AccessDenied" });
    });
  }, 300_000);
});
