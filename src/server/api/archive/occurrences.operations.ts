import { operation } from "../operation";
import { emailIdParamsSchema } from "../../archive/archived-emails.schemas";
import { listEmailOccurrences } from "../../archive/occurrences/list-email-occurrences";
import { listMailboxFolders } from "../../archive/occurrences/list-mailbox-folders";
import { mailboxFoldersQuerySchema } from "../../archive/occurrences/occurrences.schemas";
import { emailOccurrencesResponse, mailboxFoldersResponse } from "../../archive/occurrences/occurrences.responses";

const readArchive = { permission: "read:archive" } as const;

export const listEmailOccurrencesOperation = operation({
  rest: { method: "GET", path: "/v1/archived-emails/{id}/occurrences" },
  summary: "Every source, mailbox and folder an archived email was seen in",
  access: readArchive,
  params: emailIdParamsSchema,
  response: emailOccurrencesResponse,
  errors: [404],
  handler: ({ principal, params }) => listEmailOccurrences({ principal, emailId: params.id }),
});

export const listMailboxFoldersOperation = operation({
  rest: { method: "GET", path: "/v1/archived-emails/folders" },
  summary: "Mailboxes and their folders with the number of emails in each",
  access: readArchive,
  query: mailboxFoldersQuerySchema,
  response: mailboxFoldersResponse,
  handler: ({ principal, query }) => listMailboxFolders({ principal, query }),
});
