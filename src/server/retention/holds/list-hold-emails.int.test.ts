import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { principalForUser } from "../../identity/auth/authenticate";
import type { Principal } from "../../identity/auth/principal";
import { AppError } from "../../platform/errors/app-error";
import { createCaller } from "../../transport/trpc/root";
import { api } from "@tests/helpers/rest-client";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { insertTestEmail } from "@tests/helpers/emails";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { listHoldEmails } from "./list-hold-emails";
import { listHoldEmailsSchema } from "./legal-holds.schemas";

useEmptyDatabasePerTest();

const BASE = "/api/v1/enterprise/legal-holds";
const GHOST = "00000000-0000-4000-8000-000000000000";

async function principalOf(userId: string): Promise<Principal> {
  return (await principalForUser(userId, "127.0.0.1", "session"))!;
}

/** A hold linked, one request after the other, to alice's and bob's emails; plus one unlinked email. */
async function heldEmails() {
  const admin = await setupAdmin();
  const hold = (await api("POST", `${BASE}/holds`, { token: admin.token, body: { name: "Case A" } })).body;
  const linked: string[] = [];
  for (const userEmail of ["alice@example.com", "bob@example.com", "alice@example.com", "bob@example.com", "alice@example.com"]) {
    const email = await insertTestEmail({ userEmail });
    const applied = await api("POST", `${BASE}/email/${email.id}/holds`, { token: admin.token, body: { holdId: hold.id } });
    expect(applied.status).toBe(200);
    linked.push(email.id);
  }
  await insertTestEmail({ userEmail: "alice@example.com" });
  return { admin, hold, linked, newestFirst: [...linked].reverse() };
}

describe("listing the emails of a legal hold", () => {
  it("pages through every linked email, most recently linked first, with a total", async () => {
    const { admin, hold, newestFirst } = await heldEmails();
    const principal = await principalOf(admin.user.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const caller = createCaller({ principal, ip: "127.0.0.1" });
      const page: Awaited<ReturnType<typeof listHoldEmails>> = await caller.legalHolds.emails({ id: hold.id, cursor, limit: 2 });
      expect(page.total).toBe(5);
      expect(page.items.length).toBeLessThanOrEqual(2);
      for (const item of page.items) expect(item.appliedAt).toEqual(expect.any(String));
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);
  });

  it("neither skips nor repeats an email when links of an earlier page are released between pages", async () => {
    const { admin, hold, newestFirst } = await heldEmails();
    const principal = await principalOf(admin.user.id);
    const first = await listHoldEmails({ principal, id: hold.id, limit: 2 });
    expect(first.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 2));
    for (const item of first.items) {
      expect((await api("DELETE", `${BASE}/email/${item.id}/holds/${hold.id}`, { token: admin.token })).status).toBe(200);
    }
    const second = await listHoldEmails({
      principal,
      id: hold.id,
      cursor: listHoldEmailsSchema.parse({ id: hold.id, cursor: first.nextCursor }).cursor,
      limit: 2,
    });
    expect(second.items.map((item) => item.id)).toEqual(newestFirst.slice(2, 4));
    expect(second.total).toBe(3);
  });

  it("shows only the emails the caller's role lets them read", async () => {
    const { admin, hold, newestFirst } = await heldEmails();
    const onlyAlice = await createUserWithRole(admin.token, [
      { action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } },
    ]);
    const page = await listHoldEmails({ principal: await principalOf(onlyAlice.user.id), id: hold.id, limit: 10 });
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.userEmail)).toEqual(["alice@example.com", "alice@example.com", "alice@example.com"]);
    expect(page.items.map((item) => item.id)).toEqual(newestFirst.filter((_, index) => index % 2 === 0));
    expect(page.nextCursor).toBeNull();
  });

  it("answers 404 for an unknown hold and 422 for a malformed cursor or limit", async () => {
    const { admin, hold } = await heldEmails();
    const principal = await principalOf(admin.user.id);
    await expect(listHoldEmails({ principal, id: GHOST, limit: 5 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    } satisfies Partial<AppError>);
    const caller = createCaller({ principal, ip: "127.0.0.1" });
    for (const input of [
      { id: hold.id, cursor: "bm90LWEtY3Vyc29y" },
      { id: hold.id, limit: 0 },
      { id: hold.id, limit: 101 },
      { id: "nope" },
    ]) {
      const error = await caller.legalHolds.emails(input).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(input)).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe("UNPROCESSABLE_CONTENT");
    }
  });
});
