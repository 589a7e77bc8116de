import { operation } from "../operation";
import { emailIdParamsSchema } from "../../archive/archived-emails.schemas";
import { getRestoreRun } from "../../capture/restore/get-restore-run";
import { requestBulkRestore } from "../../capture/restore/request-bulk-restore";
import { restoreArchivedEmail } from "../../capture/restore/restore-archived-email";
import { restoreResultResponse, restoreRunResponse } from "../../capture/restore/restore.responses";
import { bulkRestoreSchema, restoreEmailSchema, restoreRunParamsSchema } from "../../capture/restore/restore.schemas";

const restoreArchive = { permission: "restore:archive" } as const;

export const restoreEmailOperation = operation({
  rest: { method: "POST", path: "/v1/archived-emails/{id}/restore" },
  summary: "Restore an email to a mailbox over IMAP",
  access: restoreArchive,
  params: emailIdParamsSchema,
  body: restoreEmailSchema,
  response: restoreResultResponse,
  errors: [404, 409, 502, 503],
  handler: ({ principal, params, body }) => restoreArchivedEmail({ principal, emailId: params.id, input: body }),
});

export const requestBulkRestoreOperation = operation({
  rest: { method: "POST", path: "/v1/archived-emails/restore" },
  summary: "Restore the emails a query matches, or every email of a case export, to a mailbox (runs in the background)",
  access: restoreArchive,
  body: bulkRestoreSchema,
  response: restoreRunResponse,
  status: 202,
  errors: [404, 409],
  handler: ({ principal, body }) => requestBulkRestore({ principal, input: body }),
});

export const getRestoreRunOperation = operation({
  rest: { method: "GET", path: "/v1/archived-emails/restore/{runId}" },
  summary: "A bulk restore's progress (its requester and manage:all only; 404 for anyone else)",
  access: restoreArchive,
  params: restoreRunParamsSchema,
  response: restoreRunResponse,
  errors: [404],
  handler: ({ principal, params }) => getRestoreRun({ principal, runId: params.runId }),
});
