import { describe, expect, it } from "vitest";
import { ensureTestSource, insertTestEmail } from "@tests/helpers/emails";
import { untilSomeoneWaitsForALock, useOpenTransactions } from "@tests/helpers/lock-waits";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { db } from "../../platform/db/client";
import { addEnvelopes, type EnvelopeAddition } from "./journal.queries";

/**
 * Split delivery over two listeners (or two groups of one) adds envelopes to the same emails in two
 * transactions at once. They must lock the emails in one order, or each waits for the other and
 * PostgreSQL aborts one with a deadlock: its SMTP transactions would get a 451.
 */
useEmptyDatabasePerTest();

const MAILBOX = "journal@archive.test";
const transaction = useOpenTransactions();

const addition = (hashSha256: string, recipient: string): EnvelopeAddition => ({
  hashSha256,
  from: "sam@corp.test",
  recipients: [recipient],
  participants: [recipient],
});

describe("addEnvelopes under concurrency", () => {
  it("locks the emails in hash order, so two deliveries naming them in opposite orders do not deadlock", async () => {
    const sourceId = await ensureTestSource();
    const emails = await Promise.all([1, 2].map(() => insertTestEmail({ ingestionSourceId: sourceId, userEmail: MAILBOX })));
    const [lower, higher] = emails.map((email) => email.storageHashSha256).sort();
    const first = await transaction();
    const second = await transaction();
    await addEnvelopes(first, sourceId, MAILBOX, [addition(lower, "r1@corp.test")]);
    // The second delivery names the emails the other way round: it must wait on `lower` before taking `higher`.
    const secondAdds = addEnvelopes(second, sourceId, MAILBOX, [addition(higher, "r2@corp.test"), addition(lower, "r2@corp.test")]);
    await untilSomeoneWaitsForALock();
    await addEnvelopes(first, sourceId, MAILBOX, [addition(higher, "r1@corp.test")]);
    await first.query("COMMIT");
    expect((await secondAdds).map((row) => row.changed)).toEqual([true, true]);
    await second.query("COMMIT");
    const stored = await db().archivedEmail.findMany({ where: { userEmail: MAILBOX } });
    for (const email of stored) expect(email.envelopeRecipients).toEqual(["r1@corp.test", "r2@corp.test"]);
  });
});
