import { z } from "zod";
import { httpOperation, operation } from "../operation";
import { config } from "../../platform/config/env";
import { requestImapSync } from "../../capture/imap/request-imap-sync";
import { importUpload } from "../../capture/ingestion/import-upload";
import { createSource } from "../../capture/create-source";
import { deleteSource } from "../../capture/delete-source";
import { getSource } from "../../capture/get-source";
import { getSourceCoverage } from "../../capture/get-source-coverage";
import {
  importReceiptPageResponse,
  importReceiptResponse,
  importSummaryResponse,
  ingestionSourceResponse,
  receiptVerificationResponse,
  sourceCoverageResponse,
  syncProgressResponse,
  syncRequestResponse,
} from "../../capture/ingestion-sources.responses";
import {
  createSourceSchema,
  importQuerySchema,
  receiptListQuerySchema,
  receiptParamsSchema,
  sourceIdParamsSchema,
  updateSourceSchema,
} from "../../capture/ingestion-sources.schemas";
import { getImportReceipt } from "../../capture/receipts/get-import-receipt";
import { listImportReceipts } from "../../capture/receipts/list-import-receipts";
import { loadSyncProgress } from "../../capture/receipts/sync-progress";
import { verifyImportReceipt } from "../../capture/receipts/verify-import-receipt";
import { listSources } from "../../capture/list-sources";
import { updateSource } from "../../capture/update-source";

const manageIngestion = { permission: "manage:ingestion" } as const;

export const listSourcesOperation = operation({
  rest: { method: "GET", path: "/v1/ingestion-sources" },
  summary: "List ingestion sources",
  access: manageIngestion,
  response: z.array(ingestionSourceResponse),
  handler: () => listSources(),
});

/** UI only (no REST route): source names for the email browser (read:archive callers may filter by source). */
export const listSourceNamesOperation = operation({
  summary: "Source names, for filtering by source",
  access: { permission: "read:archive" },
  handler: async () => (await listSources()).map((source) => ({ id: source.id, name: source.name, provider: source.provider })),
});

export const getSourceOperation = operation({
  rest: { method: "GET", path: "/v1/ingestion-sources/{id}" },
  summary: "Read an ingestion source",
  access: manageIngestion,
  params: sourceIdParamsSchema,
  response: ingestionSourceResponse,
  errors: [404],
  handler: ({ params }) => getSource({ id: params.id }),
});

/** The body is one of the providers' shapes (not one object), so on tRPC it is the input's `body` field. */
export const createSourceOperation = operation({
  rest: { method: "POST", path: "/v1/ingestion-sources" },
  summary: "Create an ingestion source",
  access: manageIngestion,
  body: createSourceSchema,
  response: ingestionSourceResponse,
  status: 201,
  errors: [409],
  handler: ({ principal, body }) => createSource({ actor: principal.actor, input: body }),
});

export const updateSourceOperation = operation({
  rest: { method: "PUT", path: "/v1/ingestion-sources/{id}" },
  summary: "Change an ingestion source",
  access: manageIngestion,
  params: sourceIdParamsSchema,
  body: updateSourceSchema,
  response: ingestionSourceResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => updateSource({ actor: principal.actor, id: params.id, input: body }),
});

export const deleteSourceOperation = operation({
  rest: { method: "DELETE", path: "/v1/ingestion-sources/{id}" },
  summary: "Delete an ingestion source without emails",
  access: manageIngestion,
  params: sourceIdParamsSchema,
  status: 204,
  errors: [404, 409],
  handler: ({ principal, params }) => deleteSource({ actor: principal.actor, id: params.id }),
});

export const requestSyncOperation = operation({
  rest: { method: "POST", path: "/v1/ingestion-sources/{id}/sync" },
  summary: "Queue a sync of the source (IMAP, Microsoft 365, Google Workspace)",
  access: manageIngestion,
  params: sourceIdParamsSchema,
  response: syncRequestResponse,
  status: 202,
  errors: [404, 409],
  handler: ({ principal, params }) => requestImapSync({ actor: principal.actor, sourceId: params.id }),
});

/** UI only (no REST route): where the SMTP journaling listener listens (for the settings shown on journal sources); null when off. */
export const getJournalListenerOperation = operation({
  summary: "Where the SMTP journaling listener listens",
  access: manageIngestion,
  handler: async () => (config.journalSmtpPort === 0 ? null : { host: config.journalSmtpHost, port: config.journalSmtpPort }),
});

/** A streamed upload: REST, and the UI's session route (the browser sends the file as the request body). */
export const importUploadOperation = httpOperation({
  rest: { method: "POST", path: "/v1/ingestion-sources/{id}/import" },
  ui: { method: "POST", path: "/api/ui/sources/{id}/import" },
  summary: "Import a mailbox file (mbox, EML, ZIP, PST) into the source",
  access: { ...manageIngestion, rateLimit: "import" },
  params: sourceIdParamsSchema,
  query: importQuerySchema,
  rawBody: true,
  response: importSummaryResponse,
  errors: [400, 404, 409, 413, 415],
  handler: ({ principal, params, query, request }) =>
    importUpload({
      principal,
      sourceId: params.id,
      userEmail: query.userEmail,
      contentType: request.headers.get("content-type"),
      body: request.body,
    }),
});

export const getSourceCoverageOperation = operation({
  rest: { method: "GET", path: "/v1/ingestion-sources/{id}/coverage" },
  summary: "Read a source's coverage: the last sync per mailbox and folder, and emails not yet searchable",
  access: manageIngestion,
  params: sourceIdParamsSchema,
  response: sourceCoverageResponse,
  errors: [404],
  handler: ({ params }) => getSourceCoverage({ id: params.id }),
});

export const listImportReceiptsOperation = operation({
  rest: { method: "GET", path: "/v1/ingestion-sources/{id}/receipts" },
  summary: "List a source's signed receipts, newest first",
  access: manageIngestion,
  params: sourceIdParamsSchema,
  query: receiptListQuerySchema,
  response: importReceiptPageResponse,
  errors: [404],
  handler: ({ params, query }) => listImportReceipts({ sourceId: params.id, page: query.page, limit: query.limit }),
});

export const getImportReceiptOperation = operation({
  rest: { method: "GET", path: "/v1/ingestion-sources/{id}/receipts/{receiptId}" },
  summary: "Download a sync run's or import's signed receipt",
  access: manageIngestion,
  params: receiptParamsSchema,
  response: importReceiptResponse,
  errors: [404],
  handler: ({ params }) => getImportReceipt({ sourceId: params.id, receiptId: params.receiptId }),
});

export const verifyImportReceiptOperation = operation({
  rest: { method: "GET", path: "/v1/ingestion-sources/{id}/receipts/{receiptId}/verify" },
  summary: "Verify a receipt's signature and the audit entry that records its hash",
  access: manageIngestion,
  params: receiptParamsSchema,
  response: receiptVerificationResponse,
  errors: [404],
  handler: ({ params }) => verifyImportReceipt({ sourceId: params.id, receiptId: params.receiptId }),
});

/** UI only (no REST route): the sources page polls a running sync's progress per mailbox. */
export const getSyncProgressOperation = operation({
  summary: "A source's sync progress per mailbox",
  access: manageIngestion,
  params: sourceIdParamsSchema,
  response: syncProgressResponse,
  handler: ({ params }) => loadSyncProgress({ sourceId: params.id }),
});
