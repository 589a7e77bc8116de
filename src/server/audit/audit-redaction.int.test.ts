import { beforeAll, describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { api } from "@tests/helpers/rest-client";
import { trpcHttp } from "@tests/helpers/trpc-http";
import { db } from "../platform/db/client";

/** What the admin's activity put in the log that only whole-archive readers may see. */
const SECRETS = ["merger-with-initech", "CEO private mailbox"];

let admin: TestUser;
let restricted: TestUser;
let auditOnly: TestUser;
let auditor: TestUser;

interface Entry {
  id: number;
  targetType: string;
  actionType: string;
  details: Record<string, unknown>;
}

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
const trpcData = async <T>(response: Response) => ((await response.json()) as { result: { data: T } }).result.data;

async function listed(user: TestUser): Promise<{ rest: Entry[]; trpc: Entry[]; text: string }> {
  const rest = await api("GET", "/api/v1/enterprise/audit-logs?limit=100", { token: user.token });
  expect(rest.status).toBe(200);
  const trpc = await trpcHttp("audit.list", { limit: "100" }, bearer(user));
  expect(trpc.status).toBe(200);
  const trpcEntries = (await trpcData<{ data: Entry[] }>(trpc)).data;
  return { rest: rest.body.data, trpc: trpcEntries, text: rest.text + JSON.stringify(trpcEntries) };
}

beforeAll(async () => {
  admin = await setupAdmin();
  const source = await ensureTestSource(SECRETS[1]);
  await db().ingestionSource.update({ where: { id: source }, data: { status: "error", statusMessage: "login refused" } });
  const email = await insertTestEmail({ ingestionSourceId: source, userEmail: "ceo@example.com" });
  await insertTestEmail({ userEmail: "alice@example.com" });
  expect((await api("GET", `/v1/search?query=${SECRETS[0]}`, { token: admin.token })).status).toBe(200);
  expect((await api("GET", `/v1/archived-emails/${email.id}`, { token: admin.token })).status).toBe(200);
  expect(
    (await api("PUT", `/v1/ingestion-sources/${source}`, { token: admin.token, body: { name: `${SECRETS[1]} renamed` } })).status,
  ).toBeLessThan(300);
  const readAudit = { action: "read", subject: "audit" } as const;
  restricted = await createUserWithRole(admin.token, [
    readAudit,
    { action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } },
  ]);
  auditOnly = await createUserWithRole(admin.token, [readAudit]);
  auditor = await createUserWithRole(admin.token, "predefined_auditor");
});

describe("audit details and read:audit", () => {
  it("shows every detail to a caller who reads the whole archive", async () => {
    const { rest, trpc, text } = await listed(auditor);
    expect(trpc).toEqual(rest);
    for (const secret of SECRETS) expect(text).toContain(secret);
    expect(rest.find((entry) => entry.actionType === "SEARCH")!.details.query).toMatchObject({ query: SECRETS[0] });
    expect(rest.find((entry) => entry.actionType === "READ")!.details).toHaveProperty("storageHashSha256");
  });

  it.each([
    ["restricted by conditions", () => restricted],
    ["without archive permission", () => auditOnly],
  ])("redacts mail details for a caller %s, over REST and tRPC, and the chain still verifies", async (_name, caller) => {
    const { rest, trpc, text } = await listed(caller());
    expect(trpc).toEqual(rest);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const search = rest.find((entry) => entry.actionType === "SEARCH")!;
    expect(search.details).toEqual({ actorUserId: admin.user.id, redacted: true });
    const aboutMail = rest.filter((item) => ["ArchivedEmail", "IngestionSource"].includes(item.targetType));
    expect(aboutMail.map((entry) => entry.actionType).sort()).toEqual(["READ", "SEARCH", "UPDATE"]);
    for (const entry of aboutMail) expect(entry.details).toEqual({ actorUserId: admin.user.id, redacted: true });
    // Entries that say nothing about mail keep their details.
    const userCreated = rest.find((entry) => entry.targetType === "User" && entry.actionType === "CREATE")!;
    expect(userCreated.details).toMatchObject({ first_name: "Test" });
    const one = await trpcHttp("audit.get", { id: search.id }, bearer(caller()));
    expect((await trpcData<Entry>(one)).details).toEqual({ actorUserId: admin.user.id, redacted: true });
    // Verification reads the stored rows, not the redacted answer.
    expect((await api("POST", "/api/v1/enterprise/audit-logs/verify", { token: caller().token })).body).toMatchObject({ ok: true });
    expect((await db().auditLog.findUniqueOrThrow({ where: { id: BigInt(search.id) } })).details).toMatchObject({
      query: { query: SECRETS[0] },
    });
  });

  it("redacts source names and statuses on the dashboard for a restricted caller", async () => {
    const full = await trpcData<{ sources: { name: string | null }[] }>(await trpcHttp("dashboard.stats", undefined, bearer(auditor)));
    expect(full.sources.map((source) => source.name)).toContain(`${SECRETS[1]} renamed`);
    const response = await trpcHttp("dashboard.stats", undefined, bearer(restricted));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(SECRETS[1]);
    expect(text).not.toContain("login refused");
    const { sources } = (JSON.parse(text) as { result: { data: { sources: Record<string, unknown>[] } } }).result.data;
    expect(sources).toEqual([expect.objectContaining({ name: null, status: null, statusMessage: null, emailCount: 1 })]);
  });
});
