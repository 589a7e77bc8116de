/**
 * `tsx tests/helpers/check-archive-consistency.ts`: attaches to the database of DATA_DIR (like the
 * worker) and prints {emails, attachments, badBytes, auditOk} as JSON: every row's stored bytes
 * must exist and hash to the recorded SHA-256. Used by tests that crash the database server.
 */
import { createHash } from "node:crypto";
import { verifyAuditLog } from "../../src/server/audit/verify-audit-log";
import { resolveDatabase } from "../../src/server/platform/db/database-url";
import { db, disconnectDb } from "../../src/server/platform/db/client";
import { blobStore } from "../../src/server/archive/storage/blob-store-factory";

const database = await resolveDatabase(() => undefined);
try {
  const emails = await db().archivedEmail.findMany({ select: { storagePath: true, storageHashSha256: true } });
  const attachments = await db().attachment.findMany({ select: { storagePath: true, hashSha256: true } });
  let badBytes = 0;
  for (const { key, hash } of [
    ...emails.map((e) => ({ key: e.storagePath, hash: e.storageHashSha256 })),
    ...attachments.map((a) => ({ key: a.storagePath, hash: a.hashSha256 })),
  ]) {
    const bytes = await blobStore()
      .get(key)
      .catch(() => null);
    if (!bytes || createHash("sha256").update(bytes).digest("hex") !== hash) badBytes++;
  }
  const audit = await verifyAuditLog();
  process.stdout.write(`${JSON.stringify({ emails: emails.length, attachments: attachments.length, badBytes, auditOk: audit.ok })}\n`);
} finally {
  await disconnectDb();
  await database.stop();
}
