import { describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { ALLOW_HOLD_RELEASE_SQL, withHoldReleaseAllowed } from "@tests/helpers/hold-guard";
import { untilSomeoneWaitsForALock } from "@tests/helpers/lock-waits";
import { db } from "./client";
import { pgPool } from "./pg-pool";
import { HOLD_LINK_COUNT, keptCounts, SOURCE_EMAIL_COUNT } from "./kept-counts";

const sourceEmailCounts = (client: ReturnType<typeof db>, ids: string[]) => keptCounts(client, SOURCE_EMAIL_COUNT, ids);

const countedIn = async (sourceId: string) =>
  Number(
    (await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM archived_emails WHERE ingestion_source_id = ${sourceId}::uuid`)[0].n,
  );
const deltaRows = async (sourceId: string) =>
  Number(
    (
      await db().$queryRaw<
        { n: bigint }[]
      >`SELECT count(*) AS n FROM source_email_count_deltas WHERE ingestion_source_id = ${sourceId}::uuid`
    )[0].n,
  );
const keptCount = async (sourceId: string) => (await sourceEmailCounts(db(), [sourceId])).get(sourceId) ?? 0;

describe("source email counts kept by triggers", () => {
  it("follows inserts and deletions, per source and statement", async () => {
    const first = await ensureTestSource("Counted A");
    const second = await ensureTestSource("Counted B");
    const emails = [];
    for (let index = 0; index < 5; index++) emails.push(await insertTestEmail({ ingestionSourceId: index < 3 ? first : second }));
    expect(await keptCount(first)).toBe(3);
    expect(await keptCount(second)).toBe(2);
    await db().$executeRaw`DELETE FROM archived_emails WHERE id = ANY(${[emails[0].id, emails[3].id]}::uuid[])`;
    expect(await sourceEmailCounts(db(), [first, second])).toEqual(
      new Map([
        [first, 2],
        [second, 1],
      ]),
    );
    expect(await keptCount(first)).toBe(await countedIn(first));
  });

  it("answers 0 for a source without emails, and nothing for no sources", async () => {
    const empty = await ensureTestSource("Counted empty");
    expect(await keptCount(empty)).toBe(0);
    expect(await sourceEmailCounts(db(), [])).toEqual(new Map());
  });

  it("stays exact while concurrent inserts, deletions and folds interleave", async () => {
    const source = await ensureTestSource("Counted concurrently");
    const inserted = await Promise.all(Array.from({ length: 120 }, () => insertTestEmail({ ingestionSourceId: source })));
    expect(await deltaRows(source)).toBeGreaterThan(100);
    await Promise.all([
      ...inserted.slice(0, 40).map((email) => db().$executeRaw`DELETE FROM archived_emails WHERE id = ${email.id}::uuid`),
      ...Array.from({ length: 30 }, () => insertTestEmail({ ingestionSourceId: source })),
      ...Array.from({ length: 6 }, () => sourceEmailCounts(db(), [source])),
    ]);
    expect(await keptCount(source)).toBe(120 - 40 + 30);
    expect(await keptCount(source)).toBe(await countedIn(source));
    // Reading folded the deltas that had piled up.
    expect(await deltaRows(source)).toBeLessThan(100);
  });

  it("refuses to move an email to another source, which the counts could not follow", async () => {
    const from = await ensureTestSource("Counted from");
    const to = await ensureTestSource("Counted to");
    const email = await insertTestEmail({ ingestionSourceId: from });
    await expect(
      db().$executeRaw`UPDATE archived_emails SET ingestion_source_id = ${to}::uuid WHERE id = ${email.id}::uuid`,
    ).rejects.toThrow(/cannot move to another ingestion source/);
    await db().$executeRaw`UPDATE archived_emails SET subject = 'still here' WHERE id = ${email.id}::uuid`;
    expect(await keptCount(from)).toBe(1);
    expect(await keptCount(to)).toBe(0);
  });
});

/** Inactive: counts do not depend on it, and removing an inactive hold's links lifts no protection (hold-release.ts). */
const createHold = async (name: string) =>
  (
    await db().$queryRaw<
      { id: string }[]
    >`INSERT INTO legal_holds (id, name, name_key, is_active, updated_at) VALUES (gen_random_uuid(), ${name}, ${name.toLowerCase()}, false, now()) RETURNING id`
  )[0].id;
const link = (emailIds: string[], holdId: string) =>
  db().$executeRaw`INSERT INTO email_legal_holds (email_id, legal_hold_id) SELECT unnest(${emailIds}::uuid[]), ${holdId}::uuid`;
const linksOf = async (holdId: string) =>
  Number((await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM email_legal_holds WHERE legal_hold_id = ${holdId}::uuid`)[0].n);
const newEmails = async (count: number) => {
  const ingestionSourceId = await ensureTestSource("Kept count emails");
  return Promise.all(Array.from({ length: count }, () => insertTestEmail({ ingestionSourceId })));
};
const heldCount = async (holdId: string) => (await keptCounts(db(), HOLD_LINK_COUNT, [holdId])).get(holdId) ?? 0;

describe("hold link counts kept by triggers", () => {
  it("follows links added one by one and in bulk, links removed, and emails deleted under them (the cascade)", async () => {
    const first = await createHold("Kept count A");
    const second = await createHold("Kept count B");
    const emails = await newEmails(6);
    const ids = emails.map((email) => email.id);
    await link(ids.slice(0, 1), first);
    await link(ids.slice(1), first);
    await link(ids.slice(0, 3), second);
    expect(await keptCounts(db(), HOLD_LINK_COUNT, [first, second])).toEqual(
      new Map([
        [first, 6],
        [second, 3],
      ]),
    );
    await db().$executeRaw`DELETE FROM email_legal_holds WHERE legal_hold_id = ${second}::uuid AND email_id = ${ids[0]}::uuid`;
    await db().$executeRaw`DELETE FROM archived_emails WHERE id = ANY(${ids.slice(1, 3)}::uuid[])`;
    expect(await heldCount(first)).toBe(4);
    expect(await heldCount(second)).toBe(0);
    expect(await heldCount(first)).toBe(await linksOf(first));
  });

  it("goes with a deleted hold, and refuses to move a link to another hold", async () => {
    const kept = await createHold("Kept count kept");
    const deleted = await createHold("Kept count deleted");
    const [email] = await newEmails(1);
    await link([email.id], kept);
    await link([email.id], deleted);
    await withHoldReleaseAllowed((tx) => tx.$executeRaw`DELETE FROM legal_holds WHERE id = ${deleted}::uuid`);
    expect(
      Number(
        (
          await db().$queryRaw<
            { n: bigint }[]
          >`SELECT count(*) AS n FROM legal_hold_link_count_deltas WHERE legal_hold_id = ${deleted}::uuid`
        )[0].n,
      ),
    ).toBe(0);
    const other = await createHold("Kept count other");
    await expect(
      db().$executeRaw`UPDATE email_legal_holds SET legal_hold_id = ${other}::uuid WHERE legal_hold_id = ${kept}::uuid`,
    ).rejects.toThrow(/cannot move to another legal hold/);
    expect(await heldCount(kept)).toBe(1);
    expect(await heldCount(other)).toBe(0);
  });

  it("stays exact while links come and go concurrently with folds", async () => {
    const hold = await createHold("Kept count concurrent");
    const emails = await newEmails(150);
    await Promise.all(emails.slice(0, 120).map((email) => link([email.id], hold)));
    await Promise.all([
      ...emails.slice(0, 40).map((email) => db().$executeRaw`DELETE FROM email_legal_holds WHERE email_id = ${email.id}::uuid`),
      ...emails.slice(120).map((email) => link([email.id], hold)),
      ...Array.from({ length: 6 }, () => keptCounts(db(), HOLD_LINK_COUNT, [hold])),
    ]);
    expect(await heldCount(hold)).toBe(120 - 40 + 30);
    expect(await heldCount(hold)).toBe(await linksOf(hold));
  });
});

describe("folding while the owner is deleted", () => {
  it("waits for a deletion that locked the hold first, instead of deadlocking with its cascade", async () => {
    const hold = await createHold("Kept count deleted while folding");
    const emails = await newEmails(110);
    await Promise.all(emails.map((email) => link([email.id], hold)));
    const deleter = await pgPool().connect();
    try {
      await deleter.query("BEGIN");
      await deleter.query(ALLOW_HOLD_RELEASE_SQL);
      await deleter.query("SELECT id FROM legal_holds WHERE id = $1 FOR UPDATE", [hold]);
      const counting = keptCounts(pgPool(), HOLD_LINK_COUNT, [hold]);
      counting.catch(() => undefined);
      await untilSomeoneWaitsForALock();
      await deleter.query("DELETE FROM legal_holds WHERE id = $1", [hold]);
      await deleter.query("COMMIT");
      expect((await counting).get(hold)).toBe(110);
    } finally {
      deleter.release();
    }
    expect(await heldCount(hold)).toBe(0);
  });
});
