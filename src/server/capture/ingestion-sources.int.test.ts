import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { verifyAuditLog } from "../audit/verify-audit-log";
import { db } from "../platform/db/client";
import { loadImapConfig } from "./load-imap-config";

useEmptyDatabasePerTest();

const GHOST = "00000000-0000-4000-8000-000000000000";
const IMAP = { host: "imap.example.com", port: 993, secure: true, username: "archive@example.com", password: "s3cret-Passw0rd" };

describe("ingestion sources", () => {
  it("creates, lists, gets, updates and deletes sources with the documented fields", async () => {
    const admin = await setupAdmin();
    const created = await api("POST", "/v1/ingestion-sources", {
      token: admin.token,
      body: { name: "Uploads", provider: "upload", config: { userEmail: "Alice@Example.com" } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: "Uploads",
      provider: "upload",
      status: "idle",
      statusMessage: null,
      config: { userEmail: "alice@example.com" },
      lastSyncAt: null,
      emailCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const imap = await api("POST", "/v1/ingestion-sources", {
      token: admin.token,
      body: { name: "Mail server", provider: "imap", config: IMAP },
    });
    expect(imap.status).toBe(201);
    await insertTestEmail({ ingestionSourceId: created.body.id });
    const list = await api("GET", "/v1/ingestion-sources", { token: admin.token });
    expect(list.body.map((source: { name: string; emailCount: number }) => [source.name, source.emailCount])).toEqual([
      ["Uploads", 1],
      ["Mail server", 0],
    ]);
    expect((await api("GET", `/v1/ingestion-sources/${imap.body.id}`, { token: admin.token })).body).toEqual(imap.body);
    const renamed = await api("PUT", `/v1/ingestion-sources/${created.body.id}`, { token: admin.token, body: { name: "Bulk uploads" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Bulk uploads", config: { userEmail: "alice@example.com" }, emailCount: 1 });
    expect((await api("DELETE", `/v1/ingestion-sources/${imap.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await api("GET", `/v1/ingestion-sources/${imap.body.id}`, { token: admin.token })).status).toBe(404);
    const actions = await db().auditLog.findMany({ where: { targetType: "IngestionSource" }, orderBy: { id: "asc" } });
    expect(actions.map((entry) => entry.actionType)).toEqual(["CREATE", "CREATE", "UPDATE", "DELETE"]);
    expect((await verifyAuditLog()).ok).toBe(true);
  });

  it("encrypts the IMAP password at rest and never returns or audits it", async () => {
    const admin = await setupAdmin();
    const created = await api("POST", "/v1/ingestion-sources", {
      token: admin.token,
      body: { name: "IMAP", provider: "imap", config: IMAP },
    });
    expect(created.body.config).toEqual({
      host: IMAP.host,
      port: 993,
      secure: true,
      allowInsecure: false,
      username: IMAP.username,
      passwordSet: true,
    });
    expect(created.text).not.toContain(IMAP.password);
    const [row] = await db().$queryRaw<{ config: string }[]>`SELECT config::text AS config FROM ingestion_sources`;
    expect(row.config).not.toContain(IMAP.password);
    // Sealed to its destination (issue 34 item 4: secret-binding.ts).
    expect(row.config).toMatch(/"passwordEncrypted": "v2:/);
    const audit = await db().$queryRaw<{ details: string }[]>`SELECT details::text AS details FROM audit_logs`;
    expect(audit.map((entry) => entry.details).join("\n")).not.toContain(IMAP.password);
    expect(await loadImapConfig({ sourceId: created.body.id })).toEqual({ ...IMAP, allowInsecure: false });

    // An update without a password keeps it while the destination stays; a new destination needs it again.
    const kept = await api("PUT", `/v1/ingestion-sources/${created.body.id}`, {
      token: admin.token,
      body: { config: { ...IMAP, password: undefined, mailboxes: ["INBOX"] } },
    });
    expect(kept.status).toBe(200);
    expect((await loadImapConfig({ sourceId: created.body.id })).password).toBe(IMAP.password);
    const refused = await api("PUT", `/v1/ingestion-sources/${created.body.id}`, {
      token: admin.token,
      body: { config: { ...IMAP, password: undefined, host: "imap2.example.com" } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        field: "config.password",
        message: "password must be entered again when host changes: a stored password only goes where it was entered for",
      },
    ]);
    const moved = await api("PUT", `/v1/ingestion-sources/${created.body.id}`, {
      token: admin.token,
      body: { config: { ...IMAP, host: "imap2.example.com", password: "new-one" } },
    });
    expect(moved.status).toBe(200);
    expect(await loadImapConfig({ sourceId: created.body.id })).toMatchObject({ host: "imap2.example.com", password: "new-one" });
    for (const response of [moved, await api("GET", "/v1/ingestion-sources", { token: admin.token })])
      expect(response.text).not.toContain("new-one");
  });

  it("answers 409 for a duplicate name (case-insensitive, also on rename) and for deleting a source with emails", async () => {
    const admin = await setupAdmin();
    const first = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Uploads", provider: "upload" } });
    const clash = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "UPLOADS", provider: "upload" } });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ status: "error", statusCode: 409, message: expect.stringContaining("UPLOADS") });
    const second = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Other", provider: "upload" } });
    expect((await api("PUT", `/v1/ingestion-sources/${second.body.id}`, { token: admin.token, body: { name: "uploads" } })).status).toBe(
      409,
    );
    await insertTestEmail({ ingestionSourceId: first.body.id });
    const refused = await api("DELETE", `/v1/ingestion-sources/${first.body.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/archived emails/);
    expect(await db().ingestionSource.count()).toBe(2);
  });

  it("validates input (422) and unknown ids (404)", async () => {
    const admin = await setupAdmin();
    const cases: [string, string, unknown, number, string?][] = [
      ["POST", "/v1/ingestion-sources", { name: "", provider: "upload" }, 422, "name"],
      ["POST", "/v1/ingestion-sources", { name: "x", provider: "pop3" }, 422, "provider"],
      ["POST", "/v1/ingestion-sources", { name: "x", provider: "imap", config: { host: "h" } }, 422, "config.username"],
      ["POST", "/v1/ingestion-sources", { name: "x", provider: "imap", config: { ...IMAP, port: 70000 } }, 422, "config.port"],
      [
        "POST",
        "/v1/ingestion-sources",
        { name: "x", provider: "upload", config: { userEmail: "not-an-address" } },
        422,
        "config.userEmail",
      ],
      ["POST", "/v1/ingestion-sources", { name: "x", provider: "upload", config: { password: "p" } }, 422],
      ["PUT", `/v1/ingestion-sources/${GHOST}`, { name: "y" }, 404],
      ["PUT", `/v1/ingestion-sources/${GHOST}`, {}, 422],
      ["GET", `/v1/ingestion-sources/${GHOST}`, undefined, 404],
      ["GET", "/v1/ingestion-sources/not-a-uuid", undefined, 422, "id"],
      ["DELETE", `/v1/ingestion-sources/${GHOST}`, undefined, 404],
    ];
    for (const [method, path, body, status, field] of cases) {
      const response = await api(method, path, { token: admin.token, body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(response.body).toMatchObject({ status: "error", statusCode: status });
      if (field) expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    const upload = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Up", provider: "upload" } });
    const providerChange = await api("PUT", `/v1/ingestion-sources/${upload.body.id}`, {
      token: admin.token,
      body: { provider: "imap", name: "z" },
    });
    expect(providerChange.status).toBe(422);
    expect(await db().ingestionSource.findUniqueOrThrow({ where: { id: upload.body.id } })).toMatchObject({
      name: "Up",
      provider: "upload",
    });
  });

  it("requires manage:ingestion", async () => {
    const admin = await setupAdmin();
    const auditor = await createUserWithRole(admin.token, "predefined_auditor");
    const ingestOnly = await createUserWithRole(admin.token, [{ action: "manage", subject: "ingestion" }]);
    expect((await api("GET", "/v1/ingestion-sources", { token: auditor.token })).status).toBe(403);
    expect(
      (await api("POST", "/v1/ingestion-sources", { token: ingestOnly.token, body: { name: "Mine", provider: "upload" } })).status,
    ).toBe(201);
  });
});
