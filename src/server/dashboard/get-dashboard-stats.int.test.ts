import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin } from "../../../tests/helpers/auth";
import { ensureTestSource, insertTestEmail } from "../../../tests/helpers/emails";
import { useEmptyDatabasePerTest } from "../../../tests/helpers/reset-database";
import { principalForUser } from "../auth/authenticate";
import { db } from "../db/client";
import { getDashboardStats } from "./get-dashboard-stats";

useEmptyDatabasePerTest();

const principalOf = async (userId: string) => (await principalForUser(userId, "127.0.0.1", "token"))!;
const countsBySource = (stats: Awaited<ReturnType<typeof getDashboardStats>>) =>
  Object.fromEntries(stats.sources.map((source) => [source.name, source.emailCount]));

describe("dashboard stats", () => {
  it("counts each source's emails, after deletions too, and only what a restricted role sees", async () => {
    const admin = await setupAdmin();
    const first = await ensureTestSource("Dashboard A");
    const second = await ensureTestSource("Dashboard B");
    const emails = [];
    for (const [sourceId, userEmail, sizeBytes] of [
      [first, "alice@example.com", 100],
      [first, "bob@example.com", 200],
      [first, "alice@example.com", 300],
      [second, "bob@example.com", 400],
    ] as const) {
      emails.push(await insertTestEmail({ ingestionSourceId: sourceId, userEmail, sizeBytes }));
    }
    await ensureTestSource("Dashboard empty");
    await db().$executeRaw`DELETE FROM archived_emails WHERE id = ${emails[2].id}::uuid`;

    const full = await getDashboardStats({ principal: await principalOf(admin.user.id) });
    expect(countsBySource(full)).toEqual({ "Dashboard A": 2, "Dashboard B": 1, "Dashboard empty": 0 });
    expect(full).toMatchObject({ emailsArchived: 3, storageBytes: 700 });

    const alice = await createUserWithRole(admin.token, [{ action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } }]);
    const restricted = await getDashboardStats({ principal: await principalOf(alice.user.id) });
    expect(countsBySource(restricted)).toEqual({ "Dashboard A": 1, "Dashboard B": 0, "Dashboard empty": 0 });
    expect(restricted).toMatchObject({ emailsArchived: 1, storageBytes: 100, forecastByWeek: null });
  });
});
