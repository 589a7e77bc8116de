import { z } from "zod";
import { optionalParam } from "../../platform/validation/query-params";
import { uuid } from "../../platform/validation/uuid";

/** The browsing tree's filters: one source, one mailbox (case-insensitive), or both; neither is the whole archive. */
export const mailboxFoldersQuerySchema = z.object({
  ingestionSourceId: optionalParam(uuid("ingestionSourceId")),
  mailbox: optionalParam(
    z
      .string({ message: "mailbox must be a string" })
      .trim()
      .min(1, "mailbox must not be empty")
      .max(320, "mailbox must be at most 320 characters")
      .transform((mailbox) => mailbox.toLowerCase()),
  ),
});
export type MailboxFoldersQuery = z.infer<typeof mailboxFoldersQuerySchema>;
