import { describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "../../../tests/helpers/emails";
import { db } from "../db/client";
import { sourceEmailCounts } from "./source-email-counts";

const countedIn = async (sourceId: string) =>
  Number((await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM archived_emails WHERE ingestion_source_id = ${sourceId}::uuid`)[0].n);
const deltaRows = async (sourceId: string) =>
  Number((await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM source_email_count_deltas WHERE ingestion_source_id = ${sourceId}::uuid`)[0].n);
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
    expect(await sourceEmailCounts(db(), [first, second])).toEqual(new Map([[first, 2], [second, 1]]));
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
    await expect(db().$executeRaw`UPDATE archived_emails SET ingestion_source_id = ${to}::uuid WHERE id = ${email.id}::uuid`).rejects.toThrow(
      /cannot move to another ingestion source/,
    );
    await db().$executeRaw`UPDATE archived_emails SET subject = 'still here' WHERE id = ${email.id}::uuid`;
    expect(await keptCount(from)).toBe(1);
    expect(await keptCount(to)).toBe(0);
  });
});
