import { describe, expect, it } from "vitest";
import { createApiKeyFor, setupAdmin } from "@tests/helpers/auth";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { trpcHttp } from "@tests/helpers/trpc-http";
import { db } from "../../platform/db/client";

useEmptyDatabasePerTest();

const DAY_MS = 86_400_000;
const trpcData = async (response: Response) => ((await response.json()) as { result: { data: { expiresAt: string | null } } }).result.data;

describe("API keys created with an API key", () => {
  it("expire no later than the key that created them, over REST and tRPC", async () => {
    const admin = await setupAdmin();
    const parent = await createApiKeyFor(admin.token, 2);
    const parentExpiry = (await db().apiKey.findUniqueOrThrow({ where: { id: parent.id } })).expiresAt!.toISOString();
    const headers = { "x-api-key": parent.key };

    for (const body of [{ name: "forever" }, { name: "longer", expiresInDays: 30 }]) {
      const rest = await api("POST", "/v1/api-keys", { headers, body });
      expect(rest.status).toBe(201);
      expect(rest.body.expiresAt).toBe(parentExpiry);
      const trpc = await trpcHttp("account.createApiKey", body, headers);
      expect(trpc.status).toBe(200);
      expect((await trpcData(trpc)).expiresAt).toBe(parentExpiry);
    }
    // A shorter expiry is kept as asked.
    const shorter = await api("POST", "/v1/api-keys", { headers, body: { name: "shorter", expiresInDays: 1 } });
    expect(Date.parse(shorter.body.expiresAt) - Date.now()).toBeLessThan(DAY_MS + 60_000);
    // The cap is what is stored and audited, not only what is answered.
    const stored = await db().apiKey.findMany({ where: { name: { in: ["forever", "longer"] } } });
    expect(stored.map((key) => key.expiresAt?.toISOString())).toEqual([parentExpiry, parentExpiry, parentExpiry, parentExpiry]);
    const created = await db().auditLog.findFirstOrThrow({ where: { targetType: "ApiKey", targetId: stored[0].id } });
    expect(created.details).toMatchObject({ expiresAt: parentExpiry, actorUserId: admin.user.id, actorApiKeyId: parent.id });
  });

  it("are revoked with the key that created them, at any depth, over REST and tRPC", async () => {
    const admin = await setupAdmin();
    for (const revokeVia of ["rest", "trpc"] as const) {
      const parent = await createApiKeyFor(admin.token);
      const child = await api("POST", "/v1/api-keys", { headers: { "x-api-key": parent.key }, body: { name: "child" } });
      const grandchild = await trpcHttp("account.createApiKey", { name: "grandchild" }, { "x-api-key": child.body.key });
      const grandchildKey = ((await grandchild.json()) as { result: { data: { key: string } } }).result.data.key;
      const bystander = await createApiKeyFor(admin.token);
      expect((await api("GET", "/v1/auth/me", { apiKey: grandchildKey })).status).toBe(200);

      const revoked =
        revokeVia === "rest"
          ? (await api("DELETE", `/v1/api-keys/${parent.id}`, { token: admin.token })).status
          : (await trpcHttp("account.deleteApiKey", { id: parent.id }, { authorization: `Bearer ${admin.token}` })).status;
      expect(revoked).toBe(revokeVia === "rest" ? 204 : 200);
      for (const key of [parent.key, child.body.key, grandchildKey])
        expect((await api("GET", "/v1/auth/me", { apiKey: key })).status).toBe(401);
      expect((await api("GET", "/v1/auth/me", { apiKey: bystander.key })).status).toBe(200);
      const entry = await db().auditLog.findFirstOrThrow({ where: { targetId: parent.id, actionType: "DELETE" } });
      expect(entry.details).toMatchObject({ keysCreatedWithItRevoked: 2 });
    }
  });

  it("keeps a key that never expires, or a bearer token, free to create keys without expiry", async () => {
    const admin = await setupAdmin();
    const unbounded = await createApiKeyFor(admin.token);
    const viaKey = await api("POST", "/v1/api-keys", { headers: { "x-api-key": unbounded.key }, body: { name: "also unbounded" } });
    expect(viaKey.body.expiresAt).toBeNull();
    const viaToken = await api("POST", "/v1/api-keys", { token: admin.token, body: { name: "by token" } });
    expect(viaToken.body.expiresAt).toBeNull();
  });
});

describe("an API key's last use", () => {
  it("is listed, null until the key is used, then written at most once a minute", async () => {
    const admin = await setupAdmin();
    const key = await createApiKeyFor(admin.token);
    const listed = async () => (await api("GET", "/v1/api-keys", { token: admin.token })).body[0].lastUsedAt as string | null;
    expect(await listed()).toBeNull();

    expect((await api("GET", "/v1/auth/me", { apiKey: key.key })).status).toBe(200);
    const first = await listed();
    expect(first).not.toBeNull();
    expect(Math.abs(Date.now() - Date.parse(first!))).toBeLessThan(60_000);
    expect((await api("GET", "/v1/auth/me", { apiKey: key.key })).status).toBe(200);
    expect(await listed()).toBe(first);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await db().apiKey.update({ where: { id: key.id }, data: { lastUsedAt: twoMinutesAgo } });
    expect((await api("GET", "/v1/auth/me", { apiKey: key.key })).status).toBe(200);
    expect(Date.parse((await listed())!)).toBeGreaterThan(twoMinutesAgo.getTime());
  });
});
