import { operation } from "../../platform/api/operation";
import { emailIdParamsSchema } from "../archived-emails.schemas";
import { listEmailOccurrences } from "./list-email-occurrences";
import { listMailboxFolders } from "./list-mailbox-folders";
import { mailboxFoldersQuerySchema } from "./occurrences.schemas";
import { emailOccurrencesResponse, mailboxFoldersResponse } from "./occurrences.responses";

const readArchive = { permission: "read:archive" } as const;

export const listEmailOccurrencesOperation = operation({
  summary: "Every source, mailbox and folder an archived email was seen in",
  access: readArchive,
  params: emailIdParamsSchema,
  response: emailOccurrencesResponse,
  errors: [404],
  handler: ({ principal, params }) => listEmailOccurrences({ principal, emailId: params.id }),
});

export const listMailboxFoldersOperation = operation({
  summary: "Mailboxes and their folders with the number of emails in each",
  access: readArchive,
  query: mailboxFoldersQuerySchema,
  response: mailboxFoldersResponse,
  handler: ({ principal, query }) => listMailboxFolders({ principal, query }),
});
