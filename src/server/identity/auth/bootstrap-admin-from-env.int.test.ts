import { describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { api } from "@tests/helpers/rest-client";
import { setupAdmin } from "@tests/helpers/auth";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { withEnv } from "@tests/helpers/with-env";
import { bootstrapAdminFromEnv } from "./bootstrap-admin-from-env";

useEmptyDatabasePerTest();

// Each test starts with none of them set, whatever the environment running the tests has.
withEnv({ ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, ADMIN_FIRST_NAME: undefined, ADMIN_LAST_NAME: undefined });

describe("bootstrapAdminFromEnv", () => {
  it("creates the first user as Super Admin named Admin User, who can then sign in", async () => {
    await withEnv({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "boss-password-1" }, async () => {
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
  });

  it("uses ADMIN_FIRST_NAME and ADMIN_LAST_NAME when set", async () => {
    await withEnv(
      { ADMIN_EMAIL: "g@example.com", ADMIN_PASSWORD: "long-enough", ADMIN_FIRST_NAME: "Grace", ADMIN_LAST_NAME: "Hopper" },
      async () => {
        expect(await bootstrapAdminFromEnv()).toBe(true);
        expect(await db().user.findFirstOrThrow()).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
      },
    );
  });

  it("does nothing without both variables, or once a user exists", async () => {
    await withEnv({ ADMIN_EMAIL: "boss@example.com" }, async () => {
      expect(await bootstrapAdminFromEnv()).toBe(false);
      expect(await db().user.count()).toBe(0);
      await setupAdmin();
      await withEnv({ ADMIN_PASSWORD: "boss-password-1" }, async () => {
        expect(await bootstrapAdminFromEnv()).toBe(false);
        expect(await db().user.findMany({ select: { email: true } })).toEqual([{ email: "admin@example.com" }]);
      });
    });
  });

  it("refuses invalid values with a message naming the variables, and creates nobody", async () => {
    await withEnv({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "short" }, async () => {
      await expect(bootstrapAdminFromEnv()).rejects.toThrow(/ADMIN_PASSWORD.*password/s);
      expect(await db().user.count()).toBe(0);
    });
  });

  it("creates exactly one user when several processes bootstrap at once", async () => {
    await withEnv({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "boss-password-1" }, async () => {
      const results = await Promise.all([bootstrapAdminFromEnv(), bootstrapAdminFromEnv(), bootstrapAdminFromEnv()]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await db().user.count()).toBe(1);
    });
  });
});
