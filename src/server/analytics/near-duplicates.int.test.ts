import { beforeAll, describe, expect, test } from "vitest";
import { db } from "@/server/platform/db/client";
import { ingestBatch } from "@/server/capture/ingestion/ingest-batch";
import { analysePendingEmails } from "@/server/analytics/analyse-pending-emails";
import { regroupNearDuplicates } from "@/server/analytics/regroup-near-duplicates";
import { analyseEmailTexts } from "@/server/analytics/analyse-email-text";
import { markAnalysed } from "@/server/analytics/analytics.queries";
import { withPgTransaction } from "@/server/platform/db/pg-pool";
import { jobHandlers } from "@/server/composition/job-handlers";
import { runNextJob } from "@/server/platform/jobs/run-next-job";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { ensureTestSource } from "@tests/helpers/emails";
import { buildMessage, type TestMessage } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { CLOSING_LINES, SAMPLE_EMAILS } from "@tests/fixtures/analytics-emails";

/**
 * Near-duplicate groups and languages through the worker's analysis, on emails written for the
 * test in each language issue 53 lists, and the search language's review clauses over them.
 */

let admin: TestUser;
let mailboxes = 0;

async function archive(messages: TestMessage[], mailbox = `box${++mailboxes}@example.com`): Promise<string[]> {
  const outcomes = await ingestBatch({
    sourceId: await ensureTestSource(),
    userEmail: mailbox,
    messages: messages.map((message) => ({ raw: buildMessage(message) })),
  });
  return outcomes.map((outcome) => {
    if (outcome.status !== "imported") throw new Error(JSON.stringify(outcome));
    return outcome.emailId;
  });
}

const analysisOf = (id: string) => db().emailAnalysis.findUniqueOrThrow({ where: { emailId: id } });
const search = async (query: string) => {
  const found = await api("GET", `/v1/search?query=${encodeURIComponent(query)}&limit=100`, { token: admin.token });
  expect(found.status, found.text).toBe(200);
  return (found.body.items as { id: string }[]).map((item) => item.id).sort();
};

/** Per language: the original in two mailboxes (exact copies), a near-duplicate with a closing line, a reply quoting it. */
const byLanguage: Record<string, { original: string; copy: string; variant: string; reply: string }> = {};

beforeAll(async () => {
  admin = await setupAdmin();
  for (const [code, text] of Object.entries(SAMPLE_EMAILS)) {
    const original: TestMessage = { messageId: `${code}-1@example.com`, subject: `Sample ${code}`, body: text };
    const [first] = await archive([original], "alice@example.com");
    const [copy] = await archive([original], "bob@example.com");
    const [variant, reply] = await archive([
      { messageId: `${code}-2@example.com`, subject: `Sample ${code} (2)`, body: `${text}\n${CLOSING_LINES[code]}` },
      { messageId: `${code}-3@example.com`, subject: `Re: Sample ${code}`, inReplyTo: `${code}-1@example.com`, body: `OK.\n\n> ${text}` },
    ]);
    byLanguage[code] = { original: first, copy, variant, reply };
  }
  await analysePendingEmails();
}, 120_000);

describe("near-duplicates", () => {
  test.each(Object.keys(SAMPLE_EMAILS))("%s: copies and the near-duplicate form one group with the longest text as pivot", async (code) => {
    const { original, copy, variant, reply } = byLanguage[code];
    const [first, second, third, answer] = await Promise.all([original, copy, variant, reply].map(analysisOf));
    expect(first.nearDuplicateGroupId).not.toBeNull();
    expect([second.nearDuplicateGroupId, third.nearDuplicateGroupId]).toEqual([first.nearDuplicateGroupId, first.nearDuplicateGroupId]);
    // The variant adds a closing line: the longest text, the pivot.
    expect([first.nearDuplicatePivot, second.nearDuplicatePivot, third.nearDuplicatePivot]).toEqual([false, false, true]);
    expect(third.nearDuplicateSimilarity).toBe(1);
    expect(first.nearDuplicateSimilarity).toBeGreaterThanOrEqual(0.8);
    expect(first.nearDuplicateSimilarity).toBeLessThan(1);
    expect(second.nearDuplicateSimilarity).toBe(first.nearDuplicateSimilarity);
    // The reply's own text is "OK.": its quotation of the original does not make it a near-duplicate.
    expect(answer.nearDuplicateGroupId).toBeNull();
    // Each language is its own group: groups are disjoint.
    const members = await db().emailAnalysis.count({ where: { nearDuplicateGroupId: first.nearDuplicateGroupId } });
    expect(members).toBe(3);
    expect(await search(`neardup:${first.nearDuplicateGroupId}`)).toEqual([original, copy, variant].sort());
    const email = await api("GET", `/v1/archived-emails/${copy}`, { token: admin.token });
    expect(email.body.nearDuplicates).toEqual({
      groupId: first.nearDuplicateGroupId,
      size: 3,
      similarity: expect.any(Number),
      pivot: false,
    });
  });

  test("an exact duplicate under another Message-ID is a near-duplicate at 100 %", async () => {
    const text = "The annual general meeting takes place on 14 May in the main hall; agenda and proxy forms follow next week.";
    const [one, two] = await archive([
      { messageId: "agm-1@example.com", subject: "AGM", body: text },
      { messageId: "agm-2@example.com", subject: "AGM reminder", body: text },
    ]);
    await analysePendingEmails();
    const [first, second] = await Promise.all([one, two].map(analysisOf));
    expect(second.nearDuplicateGroupId).toBe(first.nearDuplicateGroupId);
    expect([first.nearDuplicateSimilarity, second.nearDuplicateSimilarity]).toEqual([1, 1]);
  });

  test("a regroup where the first email makes a later copy the pivot keeps the group whole", async () => {
    const text = "The quarterly stock count starts on Friday at seven; every warehouse lead signs the sheets before noon.";
    const [one, two, longest] = await archive([
      { messageId: "count-1@example.com", subject: "Stock count", body: text },
      { messageId: "count-2@example.com", subject: "Stock count", body: text },
      { messageId: "count-3@example.com", subject: "Stock count", body: `${text}\nThanks, Dana.` },
    ]);
    await analysePendingEmails();
    await regroupNearDuplicates();
    // The copy with the larger id first: the one analysed second is then the pivot (equal texts: the
    // smaller id) of the group the first one made. No cache of compared texts, as when a long run
    // has just cleared it: the same email is then two different objects.
    const order = [...[one, two].sort().reverse(), longest];
    const bodies = await db().archivedEmail.findMany({ where: { id: { in: order } }, select: { id: true, bodyText: true } });
    await withPgTransaction(async (client) => {
      for (const id of order) {
        const email = bodies.find((body) => body.id === id)!;
        await analyseEmailTexts(client, [{ id, bodyText: email.bodyText }], { threshold: 0.8, ignorePatterns: [] });
      }
      await markAnalysed(client, order);
    });
    await analysePendingEmails();
    const [first, second, third] = await Promise.all(order.map(analysisOf));
    expect(first.nearDuplicateGroupId).not.toBeNull();
    expect([second.nearDuplicateGroupId, third.nearDuplicateGroupId]).toEqual([first.nearDuplicateGroupId, first.nearDuplicateGroupId]);
    expect([first.nearDuplicatePivot, second.nearDuplicatePivot, third.nearDuplicatePivot]).toEqual([false, false, true]);
  });

  test("ignore patterns: disclaimers that differ stop mattering once they are ignored, and the groups are rebuilt", async () => {
    const text = "Please find the minutes of Monday's steering committee attached; actions are due by the end of the month.";
    // Two firms' disclaimers, longer than the message and worded differently.
    const smith =
      "CONFIDENTIALITY NOTICE: This e-mail and any files transmitted with it are confidential and may be legally privileged. " +
      "It is intended only for the person to whom it is addressed. If you are not that person, please tell the sender at once.";
    const northwind =
      "CONFIDENTIALITY NOTICE: Northwind Legal GmbH, Registergericht Hamburg HRB 123456. Any review, retransmission or dissemination " +
      "by persons other than the intended recipient is prohibited; messages may be monitored for compliance purposes.";
    const [one, two] = await archive([
      { messageId: "steer-1@example.com", subject: "Steering committee", body: `${text}\n\n${smith}` },
      { messageId: "steer-2@example.com", subject: "Steering committee", body: `${text}\n\n${northwind}` },
    ]);
    await analysePendingEmails();
    expect((await analysisOf(one)).nearDuplicateGroupId).toBeNull();

    const saved = await api("PUT", "/v1/settings", { token: admin.token, body: { ignorePatterns: ["CONFIDENTIALITY NOTICE:.*"] } });
    expect(saved.status, saved.text).toBe(200);
    while (await runNextJob(jobHandlers));
    await analysePendingEmails();
    const [first, second] = await Promise.all([one, two].map(analysisOf));
    expect(first.nearDuplicateGroupId).not.toBeNull();
    expect(second.nearDuplicateGroupId).toBe(first.nearDuplicateGroupId);
    expect(second.nearDuplicateSimilarity).toBe(1);
    // The other groups were rebuilt the same.
    const { original, variant } = byLanguage.de;
    expect((await analysisOf(original)).nearDuplicateGroupId).toBe((await analysisOf(variant)).nearDuplicateGroupId);

    // A threshold of 100 %: only exact duplicates stay grouped.
    await api("PUT", "/v1/settings", { token: admin.token, body: { nearDuplicateThreshold: 100 } });
    while (await runNextJob(jobHandlers));
    await analysePendingEmails();
    const german = byLanguage.de;
    expect((await analysisOf(german.original)).nearDuplicateGroupId).toBe((await analysisOf(german.copy)).nearDuplicateGroupId);
    expect((await analysisOf(german.variant)).nearDuplicateGroupId).toBeNull();
    await api("PUT", "/v1/settings", { token: admin.token, body: { nearDuplicateThreshold: 80, ignorePatterns: [] } });
    while (await runNextJob(jobHandlers));
    await analysePendingEmails();
  });
});

describe("languages and the review clauses of the search language", () => {
  test.each(Object.keys(SAMPLE_EMAILS))("lang:%s finds that language's emails", async (code) => {
    const { original, copy, variant, reply } = byLanguage[code];
    expect((await analysisOf(original)).languages).toEqual([{ code, share: 1 }]);
    // The reply's own text ("OK.") is too short to tell; its quotation does not count.
    expect((await analysisOf(reply)).languages).toEqual([{ code: "und", share: 1 }]);
    expect(await search(`lang:${code} subject:sample`)).toEqual([original, copy, variant].sort());
  });

  test("thread:, class: and inclusive:yes", async () => {
    const { original, copy, reply } = byLanguage.en;
    const place = await analysisOf(original);
    expect(await search(`thread:${place.conversationId}`)).toEqual([original, copy, reply].sort());
    // An email's id names its conversation too.
    expect(await search(`thread:${reply}`)).toEqual([original, copy, reply].sort());
    expect(await search(`thread:${place.conversationId} class:inclusive`)).toEqual([reply]);
    expect(await search(`thread:${place.conversationId} class:none`)).toEqual([original, copy].sort());
    expect(await search(`thread:${place.conversationId} inclusive:yes`)).toEqual([reply]);
    expect(await search(`thread:${place.conversationId} NOT inclusive:yes`)).toEqual([original, copy].sort());
    const refused = await api("GET", `/v1/search?query=${encodeURIComponent("class:partly")}`, { token: admin.token });
    expect(refused.status).toBe(422);
  });
});
