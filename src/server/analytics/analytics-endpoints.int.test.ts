import { beforeAll, describe, expect, test } from "vitest";
import { db } from "@/server/platform/db/client";
import { ingestBatch } from "@/server/capture/ingestion/ingest-batch";
import { analysePendingEmails } from "@/server/analytics/analyse-pending-emails";
import { jobHandlers } from "@/server/composition/job-handlers";
import { runNextJob } from "@/server/platform/jobs/run-next-job";
import { runNextExport } from "@/server/ediscovery/export/run-export";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { createCaseVia, createTagVia, EDISCOVERY } from "@tests/helpers/ediscovery";
import { ensureTestSource } from "@tests/helpers/emails";
import { buildMessage, type TestMessage } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { trpcHttp } from "@tests/helpers/trpc-http";

/** The review analytics' REST interface (issue 53): answers, and each error code the operations declare. */

const GHOST = "00000000-0000-4000-8000-000000000000";
let admin: TestUser;

async function archive(messages: TestMessage[], mailbox = "alice@example.com"): Promise<string[]> {
  const outcomes = await ingestBatch({
    sourceId: await ensureTestSource(),
    userEmail: mailbox,
    messages: messages.map((message) => ({ raw: buildMessage(message) })),
  });
  return outcomes.map((outcome) => (outcome.status === "imported" ? outcome.emailId : ""));
}

beforeAll(async () => {
  admin = await setupAdmin();
});

describe("GET /v1/archived-emails/{id} and /thread", () => {
  test("before the analysis: null and []; the thread answers 409; after it, the tree and the fields", async () => {
    const root = "We need the signed purchase order before shipping the goods.";
    const [a, b] = await archive([
      { messageId: "po-1@example.com", from: "alice@example.com", to: ["bob@example.com"], subject: "Purchase order", body: root },
      {
        messageId: "po-2@example.com",
        from: "bob@example.com",
        to: ["alice@example.com"],
        subject: "Re: Purchase order",
        inReplyTo: "po-1@example.com",
        body: `Signed order attached, please ship on Monday.\n\n> ${root}`,
        attachments: [{ filename: "po.pdf", content: "signed order" }],
      },
    ]);
    const before = await api("GET", `/v1/archived-emails/${a}`, { token: admin.token });
    expect([before.body.conversation, before.body.nearDuplicates, before.body.languages]).toEqual([null, null, []]);
    const notYet = await api("GET", `/v1/archived-emails/${a}/thread`, { token: admin.token });
    expect([notYet.status, notYet.body.message]).toEqual([409, expect.stringContaining("not analysed")]);
    expect((await api("GET", "/v1/analytics/status", { token: admin.token })).body).toMatchObject({ pending: 2, analysed: 0 });

    await analysePendingEmails();
    const status = await api("GET", "/v1/analytics/status", { token: admin.token });
    expect(status.body).toMatchObject({ pending: 0, analysed: 2 });
    expect(Date.parse(status.body.lastAnalysedAt)).not.toBeNaN();

    const email = await api("GET", `/v1/archived-emails/${b}`, { token: admin.token });
    expect(email.body.conversation).toEqual({ id: expect.any(String), size: 2, class: "inclusive" });
    expect(email.body.languages).toEqual([{ code: "en", share: 1 }]);
    // The interface's thread list is unchanged: the other emails of the conversation.
    expect(email.body.thread.map((item: { id: string }) => item.id)).toEqual([a]);

    const thread = await api("GET", `/v1/archived-emails/${a}/thread`, { token: admin.token });
    expect(thread.status).toBe(200);
    expect(thread.body).toEqual({
      id: email.body.conversation.id,
      emails: [
        { id: a, parentId: null, subject: "Purchase order", from: "alice@example.com", sentAt: expect.any(String), class: "none" },
        { id: b, parentId: a, subject: "Re: Purchase order", from: "bob@example.com", sentAt: expect.any(String), class: "inclusive" },
      ],
    });
  });

  test("404 for an unknown email, 422 for an id that is no uuid", async () => {
    expect((await api("GET", `/v1/archived-emails/${GHOST}/thread`, { token: admin.token })).status).toBe(404);
    const malformed = await api("GET", "/v1/archived-emails/not-a-uuid/thread", { token: admin.token });
    expect([malformed.status, malformed.body.errors?.[0]?.field]).toEqual([422, "id"]);
    expect((await api("GET", `/v1/archived-emails/${GHOST}/thread`)).status).toBe(401);
  });
});

describe("settings: nearDuplicateThreshold and ignorePatterns", () => {
  test("bounds and the backtracking check answer 422; a change queues the re-grouping", async () => {
    for (const body of [
      { nearDuplicateThreshold: 49 },
      { nearDuplicateThreshold: 101 },
      { nearDuplicateThreshold: 80.5 },
      { ignorePatterns: ["(a+)+$"] },
      { ignorePatterns: ["(x)\\1"] },
      { ignorePatterns: ["[unclosed"] },
      { ignorePatterns: [""] },
    ]) {
      const refused = await api("PUT", "/v1/settings", { token: admin.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    const nested = await api("PUT", "/v1/settings", { token: admin.token, body: { ignorePatterns: ["(a+)+$"] } });
    expect(nested.body.errors[0].message).toContain("ignore pattern must not repeat a group that itself repeats");
    expect(await db().job.count({ where: { type: "analytics.regroup" } })).toBe(0);

    const saved = await api("PUT", "/v1/settings", {
      token: admin.token,
      body: { nearDuplicateThreshold: 90, ignorePatterns: ["CONFIDENTIALITY NOTICE:[^\\n]*"] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ nearDuplicateThreshold: 90, ignorePatterns: ["CONFIDENTIALITY NOTICE:[^\\n]*"] });
    expect(await db().job.count({ where: { type: "analytics.regroup" } })).toBe(1);
    // Saving the same values again changes nothing and queues nothing.
    await api("PUT", "/v1/settings", { token: admin.token, body: { nearDuplicateThreshold: 90 } });
    expect(await db().job.count({ where: { type: "analytics.regroup" } })).toBe(1);

    // The worker's job hands every analysed email back to the analysis.
    expect((await api("GET", "/v1/analytics/status", { token: admin.token })).body.pending).toBe(0);
    while (await runNextJob(jobHandlers));
    const status = await api("GET", "/v1/analytics/status", { token: admin.token });
    expect(status.body.pending).toBeGreaterThan(0);
    await analysePendingEmails();
    expect((await api("GET", "/v1/analytics/status", { token: admin.token })).body.pending).toBe(0);
    await api("PUT", "/v1/settings", { token: admin.token, body: { nearDuplicateThreshold: 80, ignorePatterns: [] } });
  });
});

describe("GET /api/v1/enterprise/ediscovery/cases/{id}/analytics", () => {
  test("the review set's figures, and 404 for an unknown case", async () => {
    expect((await api("GET", `${EDISCOVERY}/cases/${GHOST}/analytics`, { token: admin.token })).status).toBe(404);
    const matter = await createCaseVia(admin.token, { name: "Shipping dispute" });
    const tag = await createTagVia(admin.token, matter.id, "Responsive");
    const empty = await api("GET", `${EDISCOVERY}/cases/${matter.id}/analytics`, { token: admin.token });
    expect(empty.body).toMatchObject({ emails: 0, reviewReduction: 0 });

    const root = "The container left Rotterdam on Tuesday, arrival expected in two weeks.";
    const answer = `Thank you, our warehouse is ready for it.\n\nOn Tuesday Alice wrote:\n> ${root}`;
    const messages: TestMessage[] = [
      { messageId: "ship-1@example.com", from: "alice@example.com", to: ["bob@example.com"], subject: "Container", body: root },
      {
        messageId: "ship-2@example.com",
        from: "bob@example.com",
        to: ["alice@example.com"],
        subject: "Re: Container",
        inReplyTo: "ship-1@example.com",
        body: answer,
      },
    ];
    const ids = [...(await archive(messages, "alice@example.com")), ...(await archive(messages, "bob@example.com"))];
    await analysePendingEmails();
    expect(
      (await api("POST", `${EDISCOVERY}/cases/${matter.id}/tags/${tag.id}/apply`, { token: admin.token, body: { emailIds: ids } })).status,
    ).toBe(200);
    const figures = await api("GET", `${EDISCOVERY}/cases/${matter.id}/analytics`, { token: admin.token });
    expect(figures.status).toBe(200);
    expect(figures.body).toEqual({
      emails: 4,
      conversations: 1,
      inclusive: 1,
      inclusiveMinus: 0,
      inclusiveCopy: 1,
      none: 2,
      // The copies of one message are exact duplicates of each other: two groups of two.
      nearDuplicateGroups: 2,
      emailsInNearDuplicateGroups: 4,
      languages: { en: 4 },
      reviewReduction: 0.75,
      notAnalysed: 0,
    });
    // The review list keeps to the inclusive email when asked, and names each item's conversation.
    const review = async (input: Record<string, unknown>) => {
      const response = await trpcHttp("ediscovery.taggedEmails", { id: matter.id, ...input }, { authorization: `Bearer ${admin.token}` });
      return JSON.parse(await response.text()).result.data.items as { id: string; conversation: { id: string; class: string } }[];
    };
    const all = await review({});
    expect(all).toHaveLength(4);
    expect(new Set(all.map((item) => item.conversation.id)).size).toBe(1);
    const inclusive = await review({ inclusiveOnly: true });
    expect(inclusive.map((item) => [item.id, item.conversation.class])).toEqual([[ids[1], "inclusive"]]);

    // A production of the inclusive emails only: the one email to read, and the query says so.
    const exported = await api("POST", `${EDISCOVERY}/cases/${matter.id}/exports`, {
      token: admin.token,
      body: { name: "Inclusive only", source: { tagId: tag.id }, format: "eml", inclusiveOnly: true },
    });
    expect(exported.status, exported.text).toBe(202);
    while (await runNextExport());
    const items = await db().ediscoveryExportItem.findMany({ where: { exportId: exported.body.id } });
    expect(items.map((item) => item.emailId)).toEqual([ids[1]]);
    const production = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: exported.body.id } });
    expect([production.status, production.queryUsed]).toEqual(["completed", expect.objectContaining({ inclusiveOnly: true })]);
  });
});
