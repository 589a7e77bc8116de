import { z } from "zod";
import { count, timestamp } from "../platform/validation/response-fields";

export const archivedEmailSummaryResponse = z.object({
  id: z.string(),
  ingestionSourceId: z.string(),
  userEmail: z.string(),
  messageIdHeader: z.string(),
  sentAt: timestamp,
  subject: z.string(),
  senderName: z.string(),
  senderEmail: z.string(),
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
  storagePath: z.string(),
  storageHashSha256: z.string(),
  sizeBytes: z.number().int(),
  isIndexed: z.boolean(),
  hasAttachments: z.boolean(),
  isOnLegalHold: z.boolean(),
  archivedAt: timestamp,
  path: z.string(),
  tags: z.array(z.string()),
  /** Why `sentAt` is the archive time: the Date header was missing, unparseable or in the future, or there was no header block; null when `sentAt` is the Date header's. */
  sentAtFallback: z.enum(["missing", "unparseable", "future", "no-headers"]).nullable(),
});

export const archivedEmailResponse = archivedEmailSummaryResponse.extend({
  attachments: z.array(
    z.object({ id: z.string(), filename: z.string(), mimeType: z.string(), sizeBytes: z.number().int(), storagePath: z.string() }),
  ),
  thread: z.array(z.object({ id: z.string(), subject: z.string(), sentAt: timestamp, senderEmail: z.string() })),
  bodyText: z.string(),
  envelope: z.object({ from: z.string(), recipients: z.array(z.string()), bcc: z.array(z.string()) }).nullable(),
  cc: z.array(z.string()).nullable(),
  bcc: z.array(z.string()).nullable(),
  /**
   * Review analytics (docs/ediscovery.md, "Review analytics"); null / [] until the worker has
   * analysed the email. `conversation` is issue 53's `thread` object: the interface's `thread`
   * field already names the list of the conversation's other emails, which stays as it was.
   */
  conversation: z
    .object({ id: z.uuid(), size: count, class: z.enum(["inclusive", "inclusive_minus", "inclusive_copy", "none"]) })
    .nullable(),
  /** The email's near-duplicate group; null when it has none (or is not analysed yet). */
  nearDuplicates: z.object({ groupId: z.uuid(), size: count, similarity: z.number().min(0).max(1), pivot: z.boolean() }).nullable(),
  languages: z.array(z.object({ code: z.string(), share: z.number().min(0).max(1) })),
});

export const archivedEmailPageResponse = z.object({
  items: z.array(archivedEmailSummaryResponse),
  total: count,
  page: z.number().int(),
  limit: z.number().int(),
});

export const unsearchablePageResponse = z.object({
  items: z.array(
    z.object({
      emailId: z.uuid(),
      subject: z.string(),
      sentAt: timestamp,
      attachmentId: z.uuid(),
      filename: z.string(),
      mimeType: z.string(),
      error: z.string(),
    }),
  ),
  total: count,
  page: z.number().int(),
  limit: z.number().int(),
});

/** The interface's Archived email without attachments and thread. */
export type ArchivedEmailSummary = z.infer<typeof archivedEmailSummaryResponse>;

/**
 * What `archivedEmailResponse` sends: the summary, its attachments and thread (the other emails of the
 * conversation the caller may read), the plain-text body, why sentAt is archivedAt when the Date header
 * was unusable, the SMTP envelope of journaled mail (docs/journaling.md; null for other sources), and
 * which recipients were Cc and Bcc (null for mail archived before the kinds were kept).
 */
export type ArchivedEmailDetail = z.infer<typeof archivedEmailResponse>;

export type EmailPage = z.infer<typeof archivedEmailPageResponse>;

export type UnsearchablePage = z.infer<typeof unsearchablePageResponse>;
