import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { api } from "@tests/helpers/rest-client";
import { setupAdmin } from "@tests/helpers/auth";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { bootstrapAdminFromEnv } from "./bootstrap-admin-from-env";

useEmptyDatabasePerTest();

const ADMIN_VARIABLES = ["ADMIN_EMAIL", "ADMIN_PASSWORD", "ADMIN_FIRST_NAME", "ADMIN_LAST_NAME"] as const;
afterEach(() => {
  for (const name of ADMIN_VARIABLES) delete process.env[name];
});

describe("bootstrapAdminFromEnv", () => {
  it("creates the first user as Super Admin named Admin User, who can then sign in", async () => {
    process.env.ADMIN_EMAIL = "boss@example.com";
    process.env.ADMIN_PASSWORD = "boss-password-1";
    expect(await bootstrapAdminFromEnv()).toBe(true);
    const users = await db().user.findMany({ include: { role: true } });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: "boss@example.com", firstName: "Admin", lastName: "User" });
    expect(users[0].role?.slug).toBe("predefined_super_admin");
    const setup = await db().auditLog.findFirstOrThrow({ where: { actionType: "SETUP" } });
    expect(setup.details).toMatchObject({ source: "environment" });
    const login = await api("POST", "/v1/auth/login", { body: { email: "boss@example.com", password: "boss-password-1" } });
    expect(login.status).toBe(200);
    expect(await bootstrapAdminFromEnv()).toBe(false);
    expect(await db().user.count()).toBe(1);
  });

  it("uses ADMIN_FIRST_NAME and ADMIN_LAST_NAME when set", async () => {
    Object.assign(process.env, {
      ADMIN_EMAIL: "g@example.com",
      ADMIN_PASSWORD: "long-enough",
      ADMIN_FIRST_NAME: "Grace",
      ADMIN_LAST_NAME: "Hopper",
    });
    expect(await bootstrapAdminFromEnv()).toBe(true);
    expect(await db().user.findFirstOrThrow()).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
  });

  it("does nothing without both variables, or once a user exists", async () => {
    process.env.ADMIN_EMAIL = "boss@example.com";
    expect(await bootstrapAdminFromEnv()).toBe(false);
    expect(await db().user.count()).toBe(0);
    await setupAdmin();
    process.env.ADMIN_PASSWORD = "boss-password-1";
    expect(await bootstrapAdminFromEnv()).toBe(false);
    expect(await db().user.findMany({ select: { email: true } })).toEqual([{ email: "admin@example.com" }]);
  });

  it("refuses invalid values with a message naming the variables, and creates nobody", async () => {
    Object.assign(process.env, { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "short" });
    await expect(bootstrapAdminFromEnv()).rejects.toThrow(/ADMIN_PASSWORD.*password/s);
    expect(await db().user.count()).toBe(0);
  });

  it("creates exactly one user when several processes bootstrap at once", async () => {
    Object.assign(process.env, { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "boss-password-1" });
    const results = await Promise.all([bootstrapAdminFromEnv(), bootstrapAdminFromEnv(), bootstrapAdminFromEnv()]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await db().user.count()).toBe(1);
  });
});
