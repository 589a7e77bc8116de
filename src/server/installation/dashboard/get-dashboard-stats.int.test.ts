import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { untilSomeoneWaitsForALock } from "@tests/helpers/lock-waits";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { principalForUser } from "../../identity/auth/authenticate";
import { db } from "../../platform/db/client";
import { pgPool } from "../../platform/db/pg-pool";
import { countedArchiveStats, keptArchiveStats, utcMonthStart } from "../../archive/archive-stats";
import { getDashboardStats } from "./get-dashboard-stats";
import { Prisma } from "@/generated/prisma/client";

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

    const alice = await createUserWithRole(admin.token, [
      { action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } },
    ]);
    await db().ingestionSource.update({
      where: { id: second },
      data: { status: "error", statusMessage: "login failed for ceo@example.com" },
    });
    const restricted = await getDashboardStats({ principal: await principalOf(alice.user.id) });
    // Names and statuses of sources are redacted for a restricted role, which sees only the sources of its emails.
    expect(restricted.sources).toEqual([{ id: first, name: null, provider: "upload", status: null, statusMessage: null, emailCount: 1 }]);
    expect(restricted).toMatchObject({ emailsArchived: 1, storageBytes: 100, forecastByWeek: null });
  });

  it("takes the whole archive's totals and monthly growth from the kept rows, equal to counting them, after deletions and folds", async () => {
    const admin = await setupAdmin();
    const principal = await principalOf(admin.user.id);
    const now = new Date("2026-11-20T12:00:00Z");
    const first = await ensureTestSource("Stats A");
    const second = await ensureTestSource("Stats B");
    const doomed = await ensureTestSource("Stats doomed");
    const inserted = [];
    for (const [sourceId, archivedAt, sizeBytes] of [
      [first, "2026-11-02T00:00:00Z", 10],
      [first, "2026-10-31T23:59:59.999Z", 20],
      [second, "2026-10-01T00:00:00Z", 40],
      [second, "2025-12-01T00:00:00Z", 80],
      [second, "2025-11-30T23:59:59Z", 160],
      [doomed, "2026-11-05T00:00:00Z", 320],
    ] as const) {
      inserted.push(await insertTestEmail({ ingestionSourceId: sourceId, archivedAt, sizeBytes }));
    }
    // More than a hundred rows beyond one per source and month, so the next read folds them.
    for (let index = 0; index < 110; index++)
      await insertTestEmail({ ingestionSourceId: first, archivedAt: "2026-06-15T00:00:00Z", sizeBytes: 1 });
    await db().$executeRaw`DELETE FROM archived_emails WHERE id = ${inserted[0].id}::uuid`;
    // A source can only be deleted once it is empty; its rows then go with it.
    await db().$executeRaw`DELETE FROM archived_emails WHERE id = ${inserted[5].id}::uuid`;
    await db().$executeRaw`DELETE FROM ingestion_sources WHERE id = ${doomed}::uuid`;
    expect(
      Number(
        (
          await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM archive_stat_deltas WHERE ingestion_source_id = ${doomed}::uuid`
        )[0].n,
      ),
    ).toBe(0);

    const expected = {
      emailsArchived: 4 + 110,
      storageBytes: 20 + 40 + 80 + 160 + 110,
      // Twelve calendar months, the current one included: 2025-11 is before the window, 2026-11 lost its only email.
      growth: [
        { month: "2025-12", count: 1 },
        { month: "2026-06", count: 110 },
        { month: "2026-10", count: 2 },
      ],
    };
    const rowsBefore = Number((await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM archive_stat_deltas`)[0].n);
    expect(rowsBefore).toBeGreaterThan(110);
    expect(await getDashboardStats({ principal, now })).toMatchObject(expected);
    const rowsAfter = Number((await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM archive_stat_deltas`)[0].n);
    expect(rowsAfter).toBeLessThanOrEqual(5);
    expect(await getDashboardStats({ principal, now })).toMatchObject(expected);
    // Counting the emails gives the same figures.
    const counted = await countedArchiveStats(Prisma.sql`TRUE`, utcMonthStart(now, 11));
    expect({ emailsArchived: counted.emails, storageBytes: counted.bytes, growth: counted.growth }).toEqual(expected);
  });

  it("refuses to change an archived email's size or archive time, which the kept figures depend on", async () => {
    const email = await insertTestEmail({ sizeBytes: 100 });
    await expect(db().$executeRaw`UPDATE archived_emails SET size_bytes = 5 WHERE id = ${email.id}::uuid`).rejects.toThrow(/cannot change/);
    await expect(
      db().$executeRaw`UPDATE archived_emails SET archived_at = now() - interval '1 day' WHERE id = ${email.id}::uuid`,
    ).rejects.toThrow(/cannot change/);
    expect(await db().$executeRaw`UPDATE archived_emails SET size_bytes = 100, subject = 'renamed' WHERE id = ${email.id}::uuid`).toBe(1);
  });

  it("folds while a source is emptied and deleted without deadlocking with the deletion's cascade", async () => {
    const kept = await ensureTestSource("Stats kept");
    const doomed = await ensureTestSource("Stats doomed while folding");
    await insertTestEmail({ ingestionSourceId: kept, archivedAt: "2026-06-15T00:00:00Z", sizeBytes: 7 });
    for (let index = 0; index < 110; index++)
      await insertTestEmail({ ingestionSourceId: doomed, archivedAt: "2026-06-15T00:00:00Z", sizeBytes: 1 });
    const deleter = await pgPool().connect();
    try {
      await deleter.query("BEGIN");
      await deleter.query("SELECT id FROM ingestion_sources WHERE id = $1 FOR UPDATE", [doomed]);
      // The fold's snapshot still sees the doomed source's emails, so it has a non-zero sum to re-insert for it.
      const reading = keptArchiveStats("2026-01-01");
      reading.catch(() => undefined);
      await untilSomeoneWaitsForALock();
      await deleter.query("DELETE FROM archived_emails WHERE ingestion_source_id = $1", [doomed]);
      await deleter.query("DELETE FROM ingestion_sources WHERE id = $1", [doomed]);
      await deleter.query("COMMIT");
      expect(await reading).toMatchObject({ emails: 111, bytes: 117 });
    } finally {
      deleter.release();
    }
    expect(Number((await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM archive_stat_deltas`)[0].n)).toBe(1);
    expect(await keptArchiveStats("2026-01-01")).toEqual({ emails: 1, bytes: 7, growth: [{ month: "2026-06", count: 1 }] });
  });
});
