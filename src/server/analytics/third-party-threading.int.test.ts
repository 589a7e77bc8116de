import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/server/platform/db/client";
import { ingestBatch } from "@/server/capture/ingestion/ingest-batch";
import { analysePendingEmails } from "@/server/analytics/analyse-pending-emails";
import { ensureTestSource } from "@tests/helpers/emails";

/**
 * Issue 53's third-party check: real mailing-list mail with its own In-Reply-To / References
 * chains, threaded by us and by notmuch (Debian's notmuch, which threads by those headers alone),
 * must come out as the same conversations with the same parents. The mail is the SpamAssassin
 * public corpus' "ham" (exmh, ILUG, SpamAssassin and other lists of 2002) that Debian's
 * golang-github-gatherstars-com-jwz-dev ships as the test data of its JWZ threading library
 * (.ci/run installs both).
 */
const CORPUS = "/usr/share/gocode/src/github.com/gatherstars-com/jwz/test/testdata/ham";

let work: string;
/** Our email id and notmuch's message id of each file. */
const idsOf = new Map<string, { emailId: string; messageId: string }>();

function notmuch(args: string[], configFile: string, home: string): string {
  return execFileSync("notmuch", args, {
    env: { ...process.env, NOTMUCH_CONFIG: configFile, HOME: home },
    maxBuffer: 256 * 1024 * 1024,
  }).toString();
}

/** notmuch's threads as [thread index, parent message id | null] per message id, from `notmuch show --format=json`. */
function notmuchTree(json: string): Map<string, { thread: number; parent: string | null }> {
  type Node = [{ id: string } | null, Node[]];
  const tree = new Map<string, { thread: number; parent: string | null }>();
  const walk = (nodes: Node[], thread: number, parent: string | null) => {
    for (const [message, replies] of nodes) {
      if (message) tree.set(message.id.toLowerCase(), { thread, parent });
      walk(replies, thread, message ? message.id.toLowerCase() : parent);
    }
  };
  (JSON.parse(json) as Node[][]).forEach((thread, index) => walk(thread, index, null));
  return tree;
}

beforeAll(async () => {
  if (!existsSync(CORPUS)) throw new Error(`${CORPUS} is missing: apt-get install golang-github-gatherstars-com-jwz-dev (.ci/run does)`);
  work = mkdtempSync(path.join(tmpdir(), "threading-"));
  const files = readdirSync(CORPUS)
    .filter((name) => name.endsWith(".eml"))
    .sort();
  const sourceId = await ensureTestSource();
  for (let start = 0; start < files.length; start += 250) {
    const batch = files.slice(start, start + 250);
    const outcomes = await ingestBatch({
      sourceId,
      userEmail: "lists@archive.example",
      messages: batch.map((name) => ({ raw: readFileSync(path.join(CORPUS, name)) })),
    });
    outcomes.forEach((outcome, index) => {
      if (outcome.status === "imported") idsOf.set(batch[index], { emailId: outcome.emailId, messageId: "" });
    });
  }
  const rows = await db().archivedEmail.findMany({ select: { id: true, messageIdHeader: true } });
  const messageIdOf = new Map(rows.map((row) => [row.id, row.messageIdHeader.toLowerCase()]));
  for (const ids of idsOf.values()) ids.messageId = messageIdOf.get(ids.emailId)!;
  const started = performance.now();
  const analysed = await analysePendingEmails();
  console.log(`analysed ${analysed} list emails in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Our parent and conversation of each message id (the first copy of a message that came twice). */
async function ourThreads() {
  const rows = await db().emailAnalysis.findMany({
    where: { copyOf: null },
    select: { emailId: true, conversationId: true, parentId: true, parentRank: true, subjectKey: true },
  });
  const messageIdOf = new Map([...idsOf.values()].map((ids) => [ids.emailId, ids.messageId]));
  const subjectOf = new Map(rows.map((row) => [row.emailId, row.subjectKey]));
  return new Map(
    rows.map((row) => [
      messageIdOf.get(row.emailId)!,
      {
        conversation: row.conversationId,
        parent: row.parentId ? messageIdOf.get(row.parentId)! : null,
        rank: row.parentRank,
        sameSubjectAsParent: row.parentId !== null && subjectOf.get(row.parentId) === row.subjectKey,
      },
    ]),
  );
}

describe("a public mailing-list archive threads as its own headers say", () => {
  test("the same conversations and parents as notmuch", async () => {
    const maildir = path.join(work, "mail");
    for (const sub of ["cur", "new", "tmp"]) mkdirSync(path.join(maildir, sub), { recursive: true });
    for (const name of idsOf.keys()) copyFileSync(path.join(CORPUS, name), path.join(maildir, "cur", `${name}:2,`));
    const configFile = path.join(work, "notmuch-config");
    writeFileSync(
      configFile,
      `[database]\npath=${maildir}\n[new]\ntags=\nignore=\n[search]\nexclude_tags=\n[maildir]\nsynchronize_flags=false\n`,
    );
    notmuch(["new", "--quiet"], configFile, work);
    const reference = notmuchTree(notmuch(["show", "--format=json", "--body=false", "--entire-thread=true", "*"], configFile, work));
    const ours = await ourThreads();
    expect(reference.size).toBeGreaterThan(2000);
    const parentDiffers: string[] = [];
    const joinedByContent: string[] = [];
    const conversationsOfThread = new Map<number, Set<string>>();
    let unmatched = 0;
    for (const [messageId, expected] of reference) {
      const got = ours.get(messageId);
      // An id notmuch spells otherwise (an X.400 address with spaces and quotes): not comparable.
      if (!got) {
        unmatched++;
        continue;
      }
      conversationsOfThread.set(expected.thread, (conversationsOfThread.get(expected.thread) ?? new Set()).add(got.conversation));
      if (expected.parent !== null && got.parent !== expected.parent)
        parentDiffers.push(`${messageId}: ${expected.parent} / ${got.parent}`);
      // Where the headers name no parent, ours may still find one: a header-less reply, by its quotation, subject and people.
      if (expected.parent === null && got.parent !== null) {
        expect([got.rank, got.sameSubjectAsParent], `${messageId} joined ${got.parent}`).toEqual([1000, true]);
        joinedByContent.push(messageId);
      }
    }
    // Every reply the headers place is placed the same; no header thread is split.
    expect(unmatched).toBeLessThan(reference.size / 200);
    expect(parentDiffers).toEqual([]);
    const split = [...conversationsOfThread].filter(([, conversations]) => conversations.size > 1).map(([thread]) => thread);
    // notmuch reads every <...> of an In-Reply-To as a Message-ID, so old-style headers ("Message from
    // Craig <craig@deersoft.com> of <date>") join unrelated messages through their sender's address.
    // A thread we split must be one of those: its parts share no id their headers name.
    const keys = await db().emailAnalysis.findMany({ select: { emailId: true, conversationId: true, replyKeys: true, copyKey: true } });
    const idsOfConversation = new Map<string, Set<string>>();
    for (const row of keys) {
      const ids = idsOfConversation.get(row.conversationId) ?? new Set<string>();
      for (const key of [row.copyKey, ...row.replyKeys]) ids.add(key);
      idsOfConversation.set(row.conversationId, ids);
    }
    for (const thread of split) {
      const parts = [...conversationsOfThread.get(thread)!].map((conversation) => idsOfConversation.get(conversation)!);
      for (const [index, part] of parts.entries()) {
        for (const other of parts.slice(index + 1))
          expect(
            [...part].filter((id) => other.has(id)),
            `thread ${thread}`,
          ).toEqual([]);
      }
    }
    expect(split.length).toBeLessThan(5);
    const withParent = [...reference.values()].filter((expected) => expected.parent !== null).length;
    console.log(
      `third-party threading: ${reference.size} messages (${unmatched} not comparable), ${conversationsOfThread.size} notmuch threads, ${withParent} replies placed as notmuch places them, ` +
        `${joinedByContent.length} header-less replies joined by quoted content, ${split.length} notmuch threads joined only through an address`,
    );
  });
});
