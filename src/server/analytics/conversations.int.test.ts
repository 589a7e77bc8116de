import { describe, expect, test } from "vitest";
import { db } from "@/server/platform/db/client";
import { ingestBatch } from "@/server/capture/ingestion/ingest-batch";
import { analysePendingEmails } from "@/server/analytics/analyse-pending-emails";
import { buildMessage, type TestMessage } from "@tests/helpers/mail";
import { ensureTestSource } from "@tests/helpers/emails";

/**
 * Every conversation shape of issue 53 ("Definitions"), archived through the real ingest path and
 * analysed by the worker's use case; each test asserts every email's conversation, parent and class.
 */

const ALICE = "Alice Archer <alice@example.com>";
const BOB = "Bob Baker <bob@example.com>";
const CAROL = "Carol Cole <carol@example.com>";
const DAVE = "Dave Dunn <dave@example.org>";

/** A reply's body: its own text above the quoted parent, as mail clients write it. */
const reply = (own: string, parentBody: string, header = "On Mon, 15 Jan 2024, someone wrote:") =>
  `${own}\n\n${header}\n${parentBody
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n")}`;

let mailboxCounter = 0;
async function archive(messages: TestMessage[], mailbox = `mailbox${++mailboxCounter}@example.com`): Promise<string[]> {
  const sourceId = await ensureTestSource();
  const outcomes = await ingestBatch({
    sourceId,
    userEmail: mailbox,
    messages: messages.map((message) => ({ raw: buildMessage(message) })),
  });
  return outcomes.map((outcome) => {
    if (!("emailId" in outcome) || typeof outcome.emailId !== "string") throw new Error(`not archived: ${JSON.stringify(outcome)}`);
    return outcome.emailId;
  });
}

/** Each email's place; a conversation is named by the first of `ids` in it (its ids are random, never an email's). */
async function placesOf(ids: string[]) {
  const rows = await db().emailAnalysis.findMany({ where: { emailId: { in: ids } } });
  const byId = new Map(rows.map((row) => [row.emailId, row]));
  const firstOf = new Map<string, string>();
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`email ${id} was not analysed`);
    if (!firstOf.has(row.conversationId)) firstOf.set(row.conversationId, id);
    return { conversation: firstOf.get(row.conversationId), parent: row.parentId, class: row.threadClass };
  });
}

describe("conversations and their classes", () => {
  test("a linear conversation: only its last email is inclusive", async () => {
    const first = "Can we move the budget review to Thursday afternoon?";
    const second = reply("Thursday works for me, three o'clock.", first);
    const third = reply("Booked the big meeting room for three.", second);
    const [a, b, c] = await archive([
      { messageId: "lin-1@example.com", from: ALICE, to: [BOB], subject: "Budget review", body: first },
      {
        messageId: "lin-2@example.com",
        from: BOB,
        to: [ALICE],
        subject: "Re: Budget review",
        body: second,
        inReplyTo: "lin-1@example.com",
        references: ["lin-1@example.com"],
      },
      {
        messageId: "lin-3@example.com",
        from: ALICE,
        to: [BOB],
        subject: "RE: Budget review",
        body: third,
        inReplyTo: "lin-2@example.com",
        references: ["lin-1@example.com", "lin-2@example.com"],
      },
    ]);
    await analysePendingEmails();
    expect(await placesOf([a, b, c])).toEqual([
      { conversation: a, parent: null, class: "none" },
      { conversation: a, parent: a, class: "none" },
      { conversation: a, parent: b, class: "inclusive" },
    ]);
  });

  test("a forked conversation: one inclusive email per branch end", async () => {
    const root = "Please review the attached draft contract by Friday.";
    const left = reply("Clause 4 needs a liability cap, otherwise fine.", root);
    const right = reply("Legal has no objection to the draft as written.", root);
    const leftDeeper = reply("Agreed, I will add a cap of one million.", left);
    const [a, b, c, d] = await archive([
      { messageId: "fork-1@example.com", from: ALICE, to: [BOB, CAROL], subject: "Draft contract", body: root },
      {
        messageId: "fork-2@example.com",
        from: BOB,
        to: [ALICE],
        subject: "Re: Draft contract",
        body: left,
        inReplyTo: "fork-1@example.com",
      },
      {
        messageId: "fork-3@example.com",
        from: CAROL,
        to: [ALICE],
        subject: "Re: Draft contract",
        body: right,
        inReplyTo: "fork-1@example.com",
      },
      {
        messageId: "fork-4@example.com",
        from: ALICE,
        to: [BOB],
        subject: "Re: Re: Draft contract",
        body: leftDeeper,
        inReplyTo: "fork-2@example.com",
        references: ["fork-1@example.com", "fork-2@example.com"],
      },
    ]);
    await analysePendingEmails();
    expect(await placesOf([a, b, c, d])).toEqual([
      { conversation: a, parent: null, class: "none" },
      { conversation: a, parent: a, class: "none" },
      { conversation: a, parent: a, class: "inclusive" },
      { conversation: a, parent: b, class: "inclusive" },
    ]);
  });

  test("the forked conversation drawn in docs/ediscovery.md", async () => {
    const draft = { filename: "draft.docx", content: "the draft contract" };
    const a = "Draft contract attached, please comment by Friday.";
    const b = reply("Clause 4 needs a liability cap.", a);
    const d = reply("Cap added in clause 4.", b);
    const c = reply("No objection from me.", a);
    const thread: TestMessage[] = [
      { messageId: "doc-a@example.com", from: ALICE, to: [BOB, CAROL], subject: "Contract", body: a, attachments: [draft] },
      {
        messageId: "doc-b@example.com",
        from: BOB,
        to: [ALICE, CAROL],
        subject: "Re: Contract",
        body: b,
        inReplyTo: "doc-a@example.com",
        attachments: [draft],
      },
      {
        messageId: "doc-d@example.com",
        from: ALICE,
        to: [BOB, CAROL],
        subject: "Re: Contract",
        body: d,
        inReplyTo: "doc-b@example.com",
        attachments: [draft],
      },
      { messageId: "doc-c@example.com", from: CAROL, to: [ALICE], subject: "Re: Contract", body: c, inReplyTo: "doc-a@example.com" },
    ];
    const [idA, idB, idD, idC] = await archive(thread, "alice@example.com");
    const [idD2] = await archive([thread[2]], "carol@example.com");
    await analysePendingEmails();
    expect(await placesOf([idA, idB, idD, idD2, idC])).toEqual([
      { conversation: idA, parent: null, class: "none" },
      { conversation: idA, parent: idA, class: "none" },
      { conversation: idA, parent: idB, class: "inclusive" },
      { conversation: idA, parent: idB, class: "inclusive_copy" },
      { conversation: idA, parent: idA, class: "inclusive_minus" },
    ]);
  });

  test("header-less replies with localised prefixes join by quoted content, subject and participants", async () => {
    const root = "Anbei das Angebot für die Wartung der Anlagen im nächsten Jahr.";
    const answer = reply("Danke, wir prüfen das Angebot bis Mittwoch.", root, "Am 15.01.2024 schrieb Alice Archer:");
    const answerAgain = reply("Das Angebot ist freigegeben, bitte Auftrag vorbereiten.", answer, "Den 16 jan. 2024 skrev Bob Baker:");
    const chinese = reply("收到，我们会在周三之前确认报价。", answerAgain, "在 2024年1月17日，Alice 写道：");
    const [a, b, c, d] = await archive([
      { messageId: "angebot-1@example.com", from: ALICE, to: [BOB], subject: "Angebot Wartung", body: root },
      // Mobile clients and PST exports: no In-Reply-To, no References; prefixes in German, Swedish, Chinese, with counters.
      { messageId: "angebot-2@example.com", from: BOB, to: [ALICE], subject: "AW: Angebot Wartung", body: answer },
      { messageId: "angebot-3@example.com", from: ALICE, to: [BOB], subject: "SV: [2] AW:  angebot wartung", body: answerAgain },
      { messageId: "angebot-4@example.com", from: BOB, to: [ALICE], subject: "回复: Re[3]: Angebot Wartung", body: chinese },
    ]);
    await analysePendingEmails();
    expect(await placesOf([a, b, c, d])).toEqual([
      { conversation: a, parent: null, class: "none" },
      { conversation: a, parent: a, class: "none" },
      { conversation: a, parent: b, class: "none" },
      { conversation: a, parent: c, class: "inclusive" },
    ]);
  });

  test("a header-less chain archived out of order comes out the same: a nearer parent takes its reply over", async () => {
    const root = "The fire drill is moved to Thursday at ten, please tell your teams.";
    const answer = reply("Will do, the sales team is informed.", root);
    const answerAgain = reply("Thanks, support is informed as well.", answer);
    const messages: TestMessage[] = [
      { messageId: "drill-1@example.com", from: ALICE, to: [BOB], subject: "Fire drill", body: root },
      { messageId: "drill-2@example.com", from: BOB, to: [ALICE], subject: "Re: Fire drill", body: answer },
      { messageId: "drill-3@example.com", from: ALICE, to: [BOB], subject: "Re: Re: Fire drill", body: answerAgain },
    ];
    // The root, then the last reply (whose nearest archived ancestor is the root), then the middle one.
    const [a] = await archive([messages[0]]);
    await analysePendingEmails();
    const [c] = await archive([messages[2]]);
    await analysePendingEmails();
    expect((await placesOf([c]))[0].parent).toBe(a);
    const [b] = await archive([messages[1]]);
    await analysePendingEmails();
    expect(await placesOf([a, b, c])).toEqual([
      { conversation: a, parent: null, class: "none" },
      { conversation: a, parent: a, class: "none" },
      { conversation: a, parent: b, class: "inclusive" },
    ]);
  });

  test("forwards that change the attachments: inclusive, inclusive minus and none", async () => {
    const plan = { filename: "plan.pdf", content: "the site plan, version one" };
    const budget = { filename: "budget.xlsx", content: "the budget sheet" };
    const photo = { filename: "photo.jpg", content: "a photo of the site" };
    const root = "Here are the site plan for the new warehouse and nothing else.";
    const forwardKeeping = `Adding the budget for context.\n\n---------- Forwarded message ---------\nFrom: ${ALICE}\n\n${root}`;
    const forwardDropping = `Only the photo, the plan is too large.\n\n---------- Forwarded message ---------\nFrom: ${ALICE}\n\n${root}`;
    const [a, b, c] = await archive([
      { messageId: "fwd-1@example.com", from: ALICE, to: [BOB], subject: "Warehouse plan", body: root, attachments: [plan] },
      // Forwards that keep In-Reply-To but drop References.
      {
        messageId: "fwd-2@example.com",
        from: BOB,
        to: [CAROL],
        subject: "Fwd: Warehouse plan",
        body: forwardKeeping,
        inReplyTo: "fwd-1@example.com",
        attachments: [plan, budget],
      },
      // And one with no threading header at all.
      { messageId: "fwd-3@example.com", from: BOB, to: [DAVE], subject: "FW: Warehouse plan", body: forwardDropping, attachments: [photo] },
    ]);
    await analysePendingEmails();
    expect(await placesOf([a, b, c])).toEqual([
      // Contained in the first forward (text and plan.pdf), so none, although the second forward lacks the plan.
      { conversation: a, parent: null, class: "none" },
      { conversation: a, parent: a, class: "inclusive" },
      // A branch end that lacks plan.pdf, which its parent carried: the reviewer also needs the parent's attachment.
      { conversation: a, parent: a, class: "inclusive_minus" },
    ]);
  });

  test("a reply that drops its parent's attachment or part of its text leaves the parent inclusive", async () => {
    const root = "Minutes of the board meeting are attached.\nAlso: the auditor arrives on Monday at nine.";
    // The reply quotes only the first line.
    const answer = "Thanks, noted.\n\n> Minutes of the board meeting are attached.";
    const [a, b] = await archive([
      {
        messageId: "drop-1@example.com",
        from: ALICE,
        to: [BOB],
        subject: "Board minutes",
        body: root,
        attachments: [{ filename: "minutes.docx", content: "minutes" }],
      },
      {
        messageId: "drop-2@example.com",
        from: BOB,
        to: [ALICE],
        subject: "Re: Board minutes",
        body: answer,
        inReplyTo: "drop-1@example.com",
      },
    ]);
    await analysePendingEmails();
    expect(await placesOf([a, b])).toEqual([
      { conversation: a, parent: null, class: "inclusive" },
      { conversation: a, parent: a, class: "inclusive_minus" },
    ]);
  });

  test("clock skew and replies archived before their parent: the tree follows the headers, not the Date", async () => {
    const root = "The server room temperature alarm went off twice last night.";
    const answer = reply("Facilities replaced the sensor this morning.", root);
    const answerAgain = reply("Thanks, I will close the ticket.", answer);
    // The reply's server clock is 7 minutes behind: it is dated before its parent. The replies arrive first.
    const [c] = await archive([
      {
        messageId: "skew-3@example.com",
        from: ALICE,
        to: [BOB],
        subject: "Re: Alarm",
        body: answerAgain,
        date: "Mon, 15 Jan 2024 09:55:00 +0000",
        inReplyTo: "skew-2@example.com",
        references: ["skew-1@example.com", "skew-2@example.com"],
      },
    ]);
    await analysePendingEmails();
    const [b] = await archive([
      {
        messageId: "skew-2@example.com",
        from: BOB,
        to: [ALICE],
        subject: "Re: Alarm",
        body: answer,
        date: "Mon, 15 Jan 2024 09:53:00 +0000",
        inReplyTo: "skew-1@example.com",
      },
    ]);
    await analysePendingEmails();
    const [a] = await archive([
      { messageId: "skew-1@example.com", from: ALICE, to: [BOB], subject: "Alarm", body: root, date: "Mon, 15 Jan 2024 10:00:00 +0000" },
    ]);
    await analysePendingEmails();
    expect(await placesOf([a, b, c])).toEqual([
      { conversation: a, parent: null, class: "none" },
      { conversation: a, parent: a, class: "none" },
      { conversation: a, parent: b, class: "inclusive" },
    ]);
  });

  test("a header-less reply archived before its parent is joined when the parent arrives", async () => {
    const root = "Could you send me the signed NDA for the Acme project?";
    const [b] = await archive([
      {
        messageId: "late-2@example.com",
        from: BOB,
        to: [ALICE],
        subject: "Re: NDA",
        body: reply("Signed copy attached.", root),
        attachments: [{ filename: "nda.pdf", content: "signed" }],
      },
    ]);
    await analysePendingEmails();
    const [a] = await archive([{ messageId: "late-1@example.com", from: ALICE, to: [BOB], subject: "NDA", body: root }]);
    await analysePendingEmails();
    expect(await placesOf([a, b])).toEqual([
      { conversation: a, parent: null, class: "none" },
      { conversation: a, parent: a, class: "inclusive" },
    ]);
  });

  test("replies to a message that was never archived share one conversation, each a root of its tree", async () => {
    const [a, b] = await archive([
      {
        messageId: "ghost-2@example.com",
        from: BOB,
        to: [ALICE],
        subject: "Re: Offsite",
        body: "Count me in for the offsite.",
        inReplyTo: "ghost-1@example.com",
      },
      {
        messageId: "ghost-3@example.com",
        from: CAROL,
        to: [ALICE],
        subject: "Re: Offsite",
        body: "I cannot make it, sorry.",
        inReplyTo: "ghost-1@example.com",
        references: ["ghost-1@example.com"],
      },
    ]);
    await analysePendingEmails();
    expect(await placesOf([a, b])).toEqual([
      { conversation: a, parent: null, class: "inclusive" },
      { conversation: a, parent: null, class: "inclusive" },
    ]);
  });

  test("unrelated conversations that share only a subject are never merged", async () => {
    const monday = "Weekly status: the migration is on track, no blockers.";
    const nextMonday = "Weekly status: two servers left to migrate, one blocker on DNS.";
    const [a, b, c, d] = await archive([
      { messageId: "status-1@example.com", from: ALICE, to: [BOB], subject: "Weekly status", body: monday },
      // Same subject, same people, new text: a new conversation.
      { messageId: "status-2@example.com", from: ALICE, to: [BOB], subject: "Weekly status", body: nextMonday },
      // Same subject, other people, quoting text that happens to match: no shared participant.
      { messageId: "status-3@example.com", from: CAROL, to: [DAVE], subject: "Re: Weekly status", body: reply("Ours is late.", monday) },
      // A header-less reply to the second one.
      {
        messageId: "status-4@example.com",
        from: BOB,
        to: [ALICE],
        subject: "Re: Weekly status",
        body: reply("Which DNS blocker?", nextMonday),
      },
    ]);
    await analysePendingEmails();
    expect(await placesOf([a, b, c, d])).toEqual([
      { conversation: a, parent: null, class: "inclusive" },
      { conversation: b, parent: null, class: "none" },
      { conversation: c, parent: null, class: "inclusive" },
      { conversation: b, parent: b, class: "inclusive" },
    ]);
  });

  test("copies in two mailboxes: one inclusive, the others inclusive copies; copies of contained emails are none", async () => {
    const root = "The quarterly figures are final, please do not share them outside finance.";
    const answer = reply("Understood, they stay in finance.", root);
    const messages: TestMessage[] = [
      { messageId: "copy-1@example.com", from: ALICE, to: [BOB, CAROL], subject: "Quarterly figures", body: root },
      {
        messageId: "copy-2@example.com",
        from: BOB,
        to: [ALICE, CAROL],
        subject: "Re: Quarterly figures",
        body: answer,
        inReplyTo: "copy-1@example.com",
      },
    ];
    const [a1, b1] = await archive(messages, "alice@example.com");
    const [a2, b2] = await archive(messages, "carol@example.com");
    await analysePendingEmails();
    expect(await placesOf([a1, b1, a2, b2])).toEqual([
      { conversation: a1, parent: null, class: "none" },
      { conversation: a1, parent: a1, class: "inclusive" },
      { conversation: a1, parent: null, class: "none" },
      { conversation: a1, parent: a1, class: "inclusive_copy" },
    ]);
  });

  test("a new reply re-classifies its own conversation only", async () => {
    const root = "Lunch on Friday at the usual place?";
    const [a] = await archive([{ messageId: "inc-1@example.com", from: ALICE, to: [BOB], subject: "Lunch", body: root }]);
    const [other] = await archive([
      {
        messageId: "inc-9@example.com",
        from: CAROL,
        to: [DAVE],
        subject: "Parking",
        body: "The car park is closed on Friday for repairs.",
      },
    ]);
    await analysePendingEmails();
    const before = await db().emailAnalysis.findUniqueOrThrow({ where: { emailId: other } });
    const [b] = await archive([
      {
        messageId: "inc-2@example.com",
        from: BOB,
        to: [ALICE],
        subject: "Re: Lunch",
        body: reply("Yes, see you at noon.", root),
        inReplyTo: "inc-1@example.com",
      },
    ]);
    expect(await analysePendingEmails()).toBe(1);
    expect(await placesOf([a, b])).toEqual([
      { conversation: a, parent: null, class: "none" },
      { conversation: a, parent: a, class: "inclusive" },
    ]);
    expect((await db().emailAnalysis.findUniqueOrThrow({ where: { emailId: other } })).analysedAt).toEqual(before.analysedAt);
  });
});
