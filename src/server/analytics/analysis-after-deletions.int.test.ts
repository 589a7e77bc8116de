import { beforeAll, describe, expect, test } from "vitest";
import { db } from "@/server/platform/db/client";
import { ingestBatch } from "@/server/capture/ingestion/ingest-batch";
import { analysePendingEmails } from "@/server/analytics/analyse-pending-emails";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { ensureTestSource } from "@tests/helpers/emails";
import { buildMessage, type TestMessage } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";

/**
 * Deleting an email (by hand here; retention deletes through the same rows) re-classifies its
 * conversation and regroups its near-duplicate group once the worker's analysis runs again.
 */

let admin: TestUser;
let mailboxes = 0;

async function archive(messages: TestMessage[]): Promise<string[]> {
  const outcomes = await ingestBatch({
    sourceId: await ensureTestSource(),
    userEmail: `deleted${++mailboxes}@example.com`,
    messages: messages.map((message) => ({ raw: buildMessage(message) })),
  });
  return outcomes.map((outcome) => {
    if (outcome.status !== "imported") throw new Error(JSON.stringify(outcome));
    return outcome.emailId;
  });
}

const analysisOf = (id: string) => db().emailAnalysis.findUniqueOrThrow({ where: { emailId: id } });
async function deleteEmail(id: string) {
  const deleted = await api("DELETE", `/v1/archived-emails/${id}`, { token: admin.token });
  expect(deleted.status, deleted.text).toBe(204);
}

beforeAll(async () => {
  admin = await setupAdmin();
  const enabled = await api("PUT", "/v1/settings", { token: admin.token, body: { deletionEnabled: true } });
  expect(enabled.status, enabled.text).toBe(200);
});

describe("review analytics after a deletion", () => {
  test("the parent a deleted reply held is inclusive again", async () => {
    const first = "Could you send me the signed lease for the Hamburg office before Friday?";
    const second = `Attached is what I have; the landlord signs tomorrow.\n\n> ${first}`;
    const [parent, reply] = await archive([
      { messageId: "lease-1@example.com", subject: "Lease", body: first },
      { messageId: "lease-2@example.com", subject: "Re: Lease", inReplyTo: "lease-1@example.com", body: second },
    ]);
    await analysePendingEmails();
    expect((await analysisOf(parent)).threadClass).toBe("none");
    expect((await analysisOf(reply)).threadClass).toBe("inclusive");

    await deleteEmail(reply);
    expect(await db().analysisRefresh.count({ where: { kind: "conversation" } })).toBeGreaterThan(0);
    await analysePendingEmails();
    expect((await analysisOf(parent)).threadClass).toBe("inclusive");
    expect(await db().analysisRefresh.count()).toBe(0);
    const thread = await api("GET", `/v1/archived-emails/${parent}/thread`, { token: admin.token });
    expect(thread.status, thread.text).toBe(200);
    expect(thread.body.emails).toEqual([expect.objectContaining({ id: parent, parentId: null, class: "inclusive" })]);
  });

  test("a group that loses its pivot gets the longest remaining text as pivot; one left alone has no group", async () => {
    const text = "The auditors arrive on Monday at nine; please have the ledgers for the last two quarters ready in room four.";
    const [short, longer, longest] = await archive([
      { messageId: "audit-1@example.com", subject: "Audit", body: text },
      { messageId: "audit-2@example.com", subject: "Audit", body: `${text}\nThanks.` },
      { messageId: "audit-3@example.com", subject: "Audit", body: `${text}\nThanks, and welcome them.` },
    ]);
    await analysePendingEmails();
    const before = await analysisOf(longest);
    expect(before.nearDuplicatePivot).toBe(true);
    expect((await analysisOf(short)).nearDuplicateGroupId).toBe(before.nearDuplicateGroupId);

    await deleteEmail(longest);
    await analysePendingEmails();
    const [first, second] = await Promise.all([short, longer].map(analysisOf));
    expect(second.nearDuplicatePivot).toBe(true);
    expect(second.nearDuplicateSimilarity).toBe(1);
    expect(first.nearDuplicateGroupId).toBe(before.nearDuplicateGroupId);
    expect(second.nearDuplicateGroupId).toBe(before.nearDuplicateGroupId);
    expect(first.nearDuplicatePivot).toBe(false);

    await deleteEmail(longer);
    await analysePendingEmails();
    const alone = await analysisOf(short);
    expect([alone.nearDuplicateGroupId, alone.nearDuplicatePivot, alone.nearDuplicateSimilarity]).toEqual([null, false, null]);
  });
});
