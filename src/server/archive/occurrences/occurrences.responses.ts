import { z } from "zod";
import { count, timestamp } from "../../platform/validation/response-fields";

export const emailOccurrencesResponse = z.object({
  items: z.array(
    z.object({
      /** The archived email of this occurrence: the email asked about, or its copy in another mailbox. */
      emailId: z.uuid(),
      ingestionSourceId: z.uuid(),
      sourceName: z.string(),
      mailbox: z.string(),
      folder: z.string(),
      firstSeenAt: timestamp,
      /** SMTP journaling: the envelope recipients of the delivery that first brought it; else empty. */
      envelopeRecipients: z.array(z.string()),
    }),
  ),
});
export type EmailOccurrencesDto = z.input<typeof emailOccurrencesResponse>;

export const mailboxFoldersResponse = z.object({
  items: z.array(
    z.object({
      ingestionSourceId: z.uuid(),
      sourceName: z.string(),
      mailbox: z.string(),
      folder: z.string(),
      /** The emails of this folder the caller may read (a message in two folders counts in both). */
      count,
    }),
  ),
});
export type MailboxFoldersDto = z.infer<typeof mailboxFoldersResponse>;
