import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { db } from "../platform/db/client";
import { verifyAuditLog } from "./verify-audit-log";

describe("the audit log is append-only in the database", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of audit rows, whatever the statement", async () => {
    await setupAdmin();
    const before = await db().auditLog.count();
    expect(before).toBeGreaterThan(0);
    const attempts = [
      "UPDATE audit_logs SET actor_identifier = 'someone-else'",
      "DELETE FROM audit_logs WHERE id = 1",
      "TRUNCATE audit_logs",
    ];
    for (const statement of attempts) {
      await expect(db().$executeRawUnsafe(statement), statement).rejects.toThrow(/append-only/);
    }
    await expect(db().auditLog.deleteMany({})).rejects.toThrow(/append-only/);
    expect(await db().auditLog.count()).toBe(before);
    expect((await verifyAuditLog()).ok).toBe(true);
  });
});
