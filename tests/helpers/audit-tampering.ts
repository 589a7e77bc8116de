import { db } from "../../src/server/platform/db/client";

/**
 * Runs `tamper` with the audit log's append-only triggers switched off, as only the table's owner
 * can: the tests play an attacker with owner rights, which verification must still catch.
 */
export async function asAuditTableOwner<T>(tamper: () => Promise<T>): Promise<T> {
  await db().$executeRawUnsafe("ALTER TABLE audit_logs DISABLE TRIGGER USER");
  try {
    return await tamper();
  } finally {
    await db().$executeRawUnsafe("ALTER TABLE audit_logs ENABLE TRIGGER USER");
  }
}
