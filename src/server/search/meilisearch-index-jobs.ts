import { db } from "../platform/db/client";
import { assertTaskSucceeded, meiliIndex, taskWait, type MeiliEmailDocument } from "./meilisearch-index";
import { stripHighlightMarkers } from "./snippet";
import { setEmailsIndexed } from "./search.queries";

export const SEARCH_INDEX_JOB = "search.index";
export const SEARCH_REMOVE_JOB = "search.remove";
/** Documents sent to Meilisearch per request. */
export const MEILI_INDEX_BATCH_SIZE = 500;
const BODY_CHARS = 200_000;
const ATTACHMENT_TEXT_CHARS = 200_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function emailIdsOf(payload: Record<string, unknown>): string[] {
  const ids = payload.emailIds;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string" && UUID.test(id))) {
    throw new Error("search job payload must be {emailIds: uuid[]}");
  }
  return ids as string[];
}

interface EmailRow {
  id: string;
  subject: string;
  senderName: string;
  senderEmail: string;
  recipients: unknown;
  recipientEmails: string[] | null;
  bodyText: string;
  userEmail: string;
  participantEmails: string[];
  ingestionSourceId: string;
  hasAttachments: boolean;
  sentAt: Date;
  attachments: { filename: string; extractedText: string | null }[];
}

function recipientTexts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const recipient = (item ?? {}) as { name?: unknown; email?: unknown };
    return [recipient.name, recipient.email].filter((part) => typeof part === "string" && part).join(" ");
  });
}

export function toMeiliDocument(email: EmailRow): MeiliEmailDocument {
  return {
    id: email.id,
    subject: stripHighlightMarkers(email.subject),
    senderName: stripHighlightMarkers(email.senderName),
    senderEmail: email.senderEmail.toLowerCase(),
    recipients: recipientTexts(email.recipients).map(stripHighlightMarkers),
    recipientEmails: (email.recipientEmails ?? []).map((address) => address.toLowerCase()),
    body: stripHighlightMarkers(email.bodyText.slice(0, BODY_CHARS)),
    attachmentNames: email.attachments.map((attachment) => stripHighlightMarkers(attachment.filename)),
    attachmentText: stripHighlightMarkers(
      email.attachments
        .map((attachment) => attachment.extractedText ?? "")
        .join("\n")
        .slice(0, ATTACHMENT_TEXT_CHARS),
    ),
    userEmail: email.userEmail.toLowerCase(),
    participantEmails: email.participantEmails,
    ingestionSourceId: email.ingestionSourceId.toLowerCase(),
    hasAttachments: email.hasAttachments,
    sentAtTs: email.sentAt.getTime(),
  };
}

/**
 * Worker handler of `search.index` jobs ({emailIds}), enqueued by MeilisearchSearchEngine.indexEmails
 * inside the ingest transaction: loads the emails, sends them in batches, waits for each task and
 * marks the batch indexed. Emails deleted meanwhile are skipped. Any failure throws, so the worker
 * retries the job; re-sending documents is harmless (same primary key).
 */
export async function processSearchIndexJob(payload: Record<string, unknown>): Promise<void> {
  const ids = emailIdsOf(payload);
  const index = await meiliIndex();
  for (let start = 0; start < ids.length; start += MEILI_INDEX_BATCH_SIZE) {
    const batch = ids.slice(start, start + MEILI_INDEX_BATCH_SIZE);
    const emails = await db().archivedEmail.findMany({
      where: { id: { in: batch } },
      select: {
        id: true,
        subject: true,
        senderName: true,
        senderEmail: true,
        recipients: true,
        recipientEmails: true,
        bodyText: true,
        userEmail: true,
        participantEmails: true,
        ingestionSourceId: true,
        hasAttachments: true,
        sentAt: true,
        attachments: { select: { filename: true, extractedText: true }, orderBy: { id: "asc" } },
      },
    });
    if (emails.length === 0) continue;
    const task = await index.addDocuments(emails.map(toMeiliDocument), { primaryKey: "id" }).waitTask(taskWait);
    assertTaskSucceeded(task, "document addition");
    await setEmailsIndexed(
      db(),
      emails.map((email) => email.id),
      true,
    );
  }
}

/** Worker handler of `search.remove` jobs ({emailIds}): deletes the documents of deleted emails. */
export async function processSearchRemoveJob(payload: Record<string, unknown>): Promise<void> {
  const ids = emailIdsOf(payload);
  const index = await meiliIndex();
  for (let start = 0; start < ids.length; start += MEILI_INDEX_BATCH_SIZE) {
    const task = await index.deleteDocuments(ids.slice(start, start + MEILI_INDEX_BATCH_SIZE)).waitTask(taskWait);
    assertTaskSucceeded(task, "document deletion");
  }
}

/** For the worker's handler table: `{...searchJobHandlers}`. */
export const searchJobHandlers = {
  [SEARCH_INDEX_JOB]: processSearchIndexJob,
  [SEARCH_REMOVE_JOB]: processSearchRemoveJob,
};
