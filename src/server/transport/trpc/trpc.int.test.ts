import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { principalForUser } from "../../identity/auth/authenticate";
import { db } from "../../platform/db/client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { createCaller } from "./root";

useEmptyDatabasePerTest();

async function callerFor(userId: string | null) {
  const principal = userId ? await principalForUser(userId, "127.0.0.1", "session") : null;
  return createCaller({ principal, ip: "127.0.0.1" });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    return error instanceof TRPCError ? error.code : `not a TRPCError: ${String(error)}`;
  }
}

describe("tRPC procedures", () => {
  it("call the same services with the same permission checks as REST", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    const auditor = await createUserWithRole(admin.token, "predefined_auditor");
    const asAdmin = await callerFor(admin.user.id);
    const asReader = await callerFor(reader.user.id);
    const asAuditor = await callerFor(auditor.user.id);
    const anonymous = await callerFor(null);

    expect((await asAdmin.users.list()).map((user) => user.email)).toContain(reader.user.email);
    expect(await codeOf(asReader.users.list())).toBe("FORBIDDEN");
    expect(await codeOf(anonymous.users.list())).toBe("UNAUTHORIZED");
    expect(await codeOf(asAuditor.users.create({ email: "x@example.com", first_name: "X", last_name: "Y", password: "password-1" }))).toBe(
      "FORBIDDEN",
    );
    expect((await asAuditor.audit.verify()).ok).toBe(true);
    expect(await codeOf(asReader.audit.verify())).toBe("FORBIDDEN");

    const created = await asAdmin.users.create({ email: "x@example.com", first_name: "X", last_name: "Y", password: "password-1" });
    const audit = await db().auditLog.findMany({ where: { targetId: created.id } });
    expect(audit.map((entry) => entry.actionType)).toEqual(["CREATE"]);
  });

  it("maps domain errors through the shared code table", async () => {
    const admin = await setupAdmin();
    const asAdmin = await callerFor(admin.user.id);
    expect(await codeOf(asAdmin.users.get({ id: "00000000-0000-4000-8000-000000000000" }))).toBe("NOT_FOUND");
    expect(await codeOf(asAdmin.users.delete({ id: admin.user.id }))).toBe("CONFLICT");
    expect(await codeOf(asAdmin.users.get({ id: "nope" }))).toBe("UNPROCESSABLE_CONTENT");
    const keys = await asAdmin.account.createApiKey({ name: "ui" });
    expect(keys.key).toMatch(/^mak_/);
    expect((await asAdmin.account.apiKeys()).map((key) => key.id)).toEqual([keys.id]);
  });

  it("opens one audit entry by id with every field, as the listing shows it", async () => {
    const admin = await setupAdmin();
    const reader = await createUserWithRole(admin.token, "predefined_read_only");
    const asAdmin = await callerFor(admin.user.id);
    const [listed] = (
      await asAdmin.audit.list({ actionType: "SETUP", actor: undefined, actorUserId: undefined, startDate: undefined, endDate: undefined })
    ).data;
    expect(await asAdmin.audit.get({ id: listed.id })).toEqual(listed);
    expect(await codeOf(asAdmin.audit.get({ id: listed.id + 1_000_000 }))).toBe("NOT_FOUND");
    expect(await codeOf(asAdmin.audit.get({ id: 0 }))).toBe("UNPROCESSABLE_CONTENT");
    expect(await codeOf((await callerFor(reader.user.id)).audit.get({ id: listed.id }))).toBe("FORBIDDEN");
  });
});
