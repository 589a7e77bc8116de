import { z } from "zod";
import { httpOperation, operation } from "../operation";
import { fileResponse } from "../../platform/http/file-response";
import { archivedEmailPageResponse, archivedEmailResponse, unsearchablePageResponse } from "../../archive/archived-emails.responses";
import {
  attachmentParamsSchema,
  emailIdParamsSchema,
  emailListQuerySchema,
  sourceEmailsParamsSchema,
  unsearchableQuerySchema,
} from "../../archive/archived-emails.schemas";
import { deleteArchivedEmail } from "../../retention/delete-archived-email";
import { getArchivedEmail } from "../../archive/get-archived-email";
import { listEmailsBySource } from "../../archive/list-emails-by-source";
import { listUnsearchable } from "../../archive/list-unsearchable";
import { readAttachment } from "../../archive/read-attachment";
import { readRawEmail } from "../../archive/read-raw-email";
import { renderEmailBody } from "../../archive/render-email-body";

const readArchive = { permission: "read:archive" } as const;

export const listEmailsBySourceOperation = operation({
  rest: { method: "GET", path: "/v1/archived-emails/ingestion-source/{ingestionSourceId}" },
  summary: "Page through a source's archived emails, newest first",
  access: readArchive,
  params: sourceEmailsParamsSchema,
  query: emailListQuerySchema,
  response: archivedEmailPageResponse,
  errors: [404],
  reads: "replica",
  handler: ({ principal, params, query }) =>
    listEmailsBySource({ principal, sourceId: params.ingestionSourceId, page: query.page, limit: query.limit }),
});

export const getArchivedEmailOperation = operation({
  rest: { method: "GET", path: "/v1/archived-emails/{id}" },
  summary: "Read an archived email with its attachments and thread",
  access: readArchive,
  params: emailIdParamsSchema,
  response: archivedEmailResponse,
  errors: [404],
  reads: "replica",
  handler: ({ principal, params }) => getArchivedEmail({ principal, emailId: params.id }),
});

/** UI only (no REST route): the body sanitized for display; remote images only when asked for. */
export const renderEmailBodyOperation = operation({
  summary: "An archived email's body, sanitized for display",
  access: readArchive,
  params: emailIdParamsSchema,
  query: z.object({ showRemoteImages: z.boolean().default(false) }),
  errors: [404],
  handler: ({ principal, params, query }) => renderEmailBody({ principal, emailId: params.id, showRemoteImages: query.showRemoteImages }),
});

export const deleteArchivedEmailOperation = operation({
  rest: { method: "DELETE", path: "/v1/archived-emails/{id}" },
  summary: "Delete an archived email permanently",
  access: { permission: "delete:archive" },
  params: emailIdParamsSchema,
  status: 204,
  errors: [403, 404, 409],
  handler: ({ principal, params }) => deleteArchivedEmail({ principal, emailId: params.id }),
});

export const listUnsearchableOperation = operation({
  rest: { method: "GET", path: "/v1/archived-emails/unsearchable" },
  summary: "Emails whose text could not be indexed, and why",
  access: readArchive,
  query: unsearchableQuerySchema,
  response: unsearchablePageResponse,
  handler: ({ principal, query }) => listUnsearchable({ principal, page: query.page, limit: query.limit }),
});

/** A download: REST, and the UI's session route (the browser follows a link). */
export const downloadRawEmailOperation = httpOperation({
  rest: { method: "GET", path: "/v1/archived-emails/{id}/raw" },
  ui: { method: "GET", path: "/api/ui/emails/{id}/raw" },
  summary: "Download an email's original bytes (RFC 822)",
  access: readArchive,
  params: emailIdParamsSchema,
  produces: "message/rfc822",
  errors: [404],
  handler: async ({ principal, params }) => fileResponse(await readRawEmail({ principal, emailId: params.id })),
});

/** A download: REST, and the UI's session route. */
export const downloadAttachmentOperation = httpOperation({
  rest: { method: "GET", path: "/v1/archived-emails/{id}/attachments/{attachmentId}" },
  ui: { method: "GET", path: "/api/ui/emails/{id}/attachments/{attachmentId}" },
  summary: "Download an attachment",
  access: readArchive,
  params: attachmentParamsSchema,
  produces: "application/octet-stream",
  errors: [404],
  handler: async ({ principal, params }) =>
    fileResponse(await readAttachment({ principal, emailId: params.id, attachmentId: params.attachmentId })),
});
