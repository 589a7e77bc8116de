import { z } from "zod";
import { operation } from "../operation";
import { messageResponse } from "../../platform/validation/response-fields";
import { searchArchive } from "../../search/search-archive";
import { indexWarningResponse, searchResponse } from "../../search/search.responses";
import { indexWarning } from "../../search/index-warning";
import { applyHoldToEmail } from "../../retention/holds/apply-hold-to-email";
import { bulkApplyHold } from "../../retention/holds/bulk-apply-hold";
import { createHold } from "../../retention/holds/create-hold";
import { deleteHold } from "../../retention/holds/delete-hold";
import { getHold } from "../../retention/holds/get-hold";
import { bulkApplyResponse, holdLinkResponse, legalHoldResponse, releaseAllResponse } from "../../retention/holds/legal-holds.responses";
import {
  applyHoldSchema,
  bulkApplySchema,
  createHoldSchema,
  emailHoldParamsSchema,
  emailIdParamsSchema,
  holdIdParamsSchema,
  listHoldEmailsSchema,
  updateHoldSchema,
} from "../../retention/holds/legal-holds.schemas";
import { listEmailHolds } from "../../retention/holds/list-email-holds";
import { listHoldEmails } from "../../retention/holds/list-hold-emails";
import { listHolds } from "../../retention/holds/list-holds";
import { releaseAll } from "../../retention/holds/release-all";
import { removeHoldFromEmail } from "../../retention/holds/remove-hold-from-email";
import { updateHold } from "../../retention/holds/update-hold";

const manageHolds = { permission: "manage:holds", feature: "LEGAL_HOLDS" } as const;
/** How many matches the bulk-apply preview shows before the officer confirms. */
const PREVIEW_SAMPLE_SIZE = 5;

export const listHoldsOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/legal-holds/holds" },
  summary: "List legal holds, oldest first, each with its email count",
  access: manageHolds,
  response: z.array(legalHoldResponse),
  handler: () => listHolds(),
});

export const getHoldOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/legal-holds/holds/{id}" },
  summary: "Read a legal hold",
  access: manageHolds,
  params: holdIdParamsSchema,
  response: legalHoldResponse,
  errors: [404],
  handler: ({ params }) => getHold({ id: params.id }),
});

export const createHoldOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/legal-holds/holds" },
  summary: "Create a legal hold",
  access: manageHolds,
  body: createHoldSchema,
  response: legalHoldResponse,
  status: 201,
  errors: [404, 409],
  handler: ({ principal, body }) => createHold({ actor: principal.actor, input: body }),
});

export const updateHoldOperation = operation({
  rest: { method: "PUT", path: "/api/v1/enterprise/legal-holds/holds/{id}" },
  summary: "Change a legal hold's name, reason, case or active state",
  access: manageHolds,
  params: holdIdParamsSchema,
  body: updateHoldSchema,
  response: legalHoldResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => updateHold({ principal, id: params.id, input: body }),
});

export const deleteHoldOperation = operation({
  rest: { method: "DELETE", path: "/api/v1/enterprise/legal-holds/holds/{id}" },
  summary: "Delete an inactive legal hold and its links",
  access: manageHolds,
  params: holdIdParamsSchema,
  status: 204,
  errors: [404, 409],
  handler: ({ principal, params }) => deleteHold({ principal, id: params.id }),
});

export const listHoldEmailsOperation = operation({
  summary: "List the emails a hold protects, newest first, a page at a time",
  access: manageHolds,
  query: listHoldEmailsSchema,
  handler: ({ principal, query }) => listHoldEmails({ principal, id: query.id, cursor: query.cursor, limit: query.limit }),
});

export const previewBulkApplyOperation = operation({
  summary: "The search a bulk apply would run: its exact total and a first page",
  access: { ...manageHolds, rateLimit: "search" },
  body: bulkApplySchema,
  response: searchResponse.extend({ indexWarning: indexWarningResponse.nullable() }),
  handler: async ({ principal, body }) => ({
    ...(await searchArchive({ principal, query: body.searchQuery, page: 1, limit: PREVIEW_SAMPLE_SIZE, exactTotal: true })),
    indexWarning: await indexWarning({ principal }),
  }),
});

export const bulkApplyHoldOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/legal-holds/holds/{id}/bulk-apply" },
  summary: "Link every email a search query matches to the hold",
  access: { ...manageHolds, rateLimit: "bulkApply" },
  params: holdIdParamsSchema,
  body: bulkApplySchema,
  response: bulkApplyResponse,
  errors: [404, 409, 503],
  handler: ({ principal, params, body }) => bulkApplyHold({ principal, id: params.id, query: body.searchQuery }),
});

export const releaseAllOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/legal-holds/holds/{id}/release-all" },
  summary: "Remove all of a hold's email links, keeping the hold",
  access: manageHolds,
  params: holdIdParamsSchema,
  response: releaseAllResponse,
  errors: [404],
  handler: ({ principal, params }) => releaseAll({ principal, id: params.id }),
});

export const listEmailHoldsOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/legal-holds/email/{emailId}/holds" },
  summary: "List the holds applied to an email",
  access: { permission: "read:archive", feature: "LEGAL_HOLDS" },
  params: emailIdParamsSchema,
  response: z.array(holdLinkResponse),
  errors: [404],
  handler: ({ principal, params }) => listEmailHolds({ principal, emailId: params.emailId }),
});

export const applyHoldToEmailOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/legal-holds/email/{emailId}/holds" },
  summary: "Apply a hold to an email (idempotent)",
  access: manageHolds,
  params: emailIdParamsSchema,
  body: applyHoldSchema,
  response: holdLinkResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => applyHoldToEmail({ principal, emailId: params.emailId, holdId: body.holdId }),
});

export const removeHoldFromEmailOperation = operation({
  rest: { method: "DELETE", path: "/api/v1/enterprise/legal-holds/email/{emailId}/holds/{holdId}" },
  summary: "Remove a hold from an email",
  access: manageHolds,
  params: emailHoldParamsSchema,
  response: messageResponse,
  errors: [404],
  handler: ({ principal, params }) => removeHoldFromEmail({ principal, emailId: params.emailId, holdId: params.holdId }),
});
