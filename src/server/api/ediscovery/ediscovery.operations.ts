import { z } from "zod";
import { httpOperation, operation } from "../operation";
import { installationPublicKey } from "../../platform/signing/installation-signing-key";
import { applyTag } from "../../ediscovery/apply-tag";
import { cancelExport } from "../../ediscovery/cancel-export";
import { createCase } from "../../ediscovery/create-case";
import { createExport } from "../../ediscovery/create-export";
import { createSavedSearch } from "../../ediscovery/create-saved-search";
import { createTag } from "../../ediscovery/create-tag";
import { deleteCase } from "../../ediscovery/delete-case";
import { deleteSavedSearch } from "../../ediscovery/delete-saved-search";
import { deleteTag } from "../../ediscovery/delete-tag";
import { downloadExport } from "../../ediscovery/download-export";
import {
  caseDetailResponse,
  caseMemberResponse,
  caseResponse,
  exportKeyResponse,
  exportResponse,
  savedSearchResponse,
  savedSearchRunResponse,
  tagApplicationResponse,
  tagRemovalResponse,
  tagResponse,
} from "../../ediscovery/ediscovery.responses";
import {
  applyTagSchema,
  caseActivitySchema,
  caseExportParamsSchema,
  caseIdParamsSchema,
  caseSearchParamsSchema,
  caseTagParamsSchema,
  createCaseSchema,
  createExportSchema,
  createTagSchema,
  listTaggedSchema,
  removeTagSchema,
  savedSearchSchema,
  updateCaseSchema,
  updateSavedSearchSchema,
} from "../../ediscovery/ediscovery.schemas";
import { getCase } from "../../ediscovery/get-case";
import { getExport } from "../../ediscovery/get-export";
import { getSavedSearch } from "../../ediscovery/get-saved-search";
import { listCaseActivity } from "../../ediscovery/list-case-activity";
import { listCases } from "../../ediscovery/list-cases";
import { listExports } from "../../ediscovery/list-exports";
import { listSavedSearches } from "../../ediscovery/list-saved-searches";
import { listTaggedEmails } from "../../ediscovery/list-tagged-emails";
import { listTags } from "../../ediscovery/list-tags";
import { removeTag } from "../../ediscovery/remove-tag";
import { runSavedSearch } from "../../ediscovery/run-saved-search";
import { updateCase } from "../../ediscovery/update-case";
import { updateSavedSearch } from "../../ediscovery/update-saved-search";
import { verifyExport } from "../../ediscovery/verify-export";
import { listMemberCandidates } from "../../ediscovery/list-member-candidates";
import { getCaseAnalytics } from "../../ediscovery/get-case-analytics";
import { caseAnalyticsResponse } from "../../analytics/analytics.responses";

const readCases = { permission: "read:ediscovery", feature: "EDISCOVERY" } as const;
const manageCases = { permission: "manage:ediscovery", feature: "EDISCOVERY" } as const;

// Cases

export const listCasesOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/cases" },
  summary: "List the eDiscovery cases the caller may see",
  access: readCases,
  response: z.array(caseResponse),
  handler: ({ principal }) => listCases({ principal }),
});

/** UI only (no REST route): the case page's member picker. */
export const listMemberCandidatesOperation = operation({
  summary: "The accounts that may be added to a case, by name and address",
  access: manageCases,
  response: z.array(caseMemberResponse),
  handler: () => listMemberCandidates(),
});

export const getCaseOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/cases/{id}" },
  summary: "Read a case",
  access: readCases,
  params: caseIdParamsSchema,
  response: caseDetailResponse,
  errors: [404],
  handler: ({ principal, params }) => getCase({ principal, id: params.id }),
});

export const createCaseOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/ediscovery/cases" },
  summary: "Open an eDiscovery case",
  access: manageCases,
  body: createCaseSchema,
  response: caseResponse,
  status: 201,
  errors: [404, 409],
  handler: ({ principal, body }) => createCase({ principal, input: body }),
});

export const updateCaseOperation = operation({
  rest: { method: "PUT", path: "/api/v1/enterprise/ediscovery/cases/{id}" },
  summary: "Change a case",
  access: manageCases,
  params: caseIdParamsSchema,
  body: updateCaseSchema,
  response: caseResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => updateCase({ principal, id: params.id, input: body }),
});

export const deleteCaseOperation = operation({
  rest: { method: "DELETE", path: "/api/v1/enterprise/ediscovery/cases/{id}" },
  summary: "Delete a case",
  access: manageCases,
  params: caseIdParamsSchema,
  status: 204,
  errors: [404, 409],
  handler: ({ principal, params }) => deleteCase({ principal, id: params.id }),
});

/** UI only (no REST route): the activity tab, the case's audit entries. */
export const listCaseActivityOperation = operation({
  summary: "The case's audit entries, newest first, a page at a time",
  access: readCases,
  params: caseIdParamsSchema,
  query: caseActivitySchema,
  handler: ({ principal, params, query }) => listCaseActivity({ principal, caseId: params.id, input: query }),
});

// Saved searches

export const listSavedSearchesOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/cases/{id}/searches" },
  summary: "List a case's saved searches",
  access: readCases,
  params: caseIdParamsSchema,
  response: z.array(savedSearchResponse),
  errors: [404],
  handler: ({ principal, params }) => listSavedSearches({ principal, caseId: params.id }),
});

export const getSavedSearchOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/cases/{id}/searches/{searchId}" },
  summary: "Read a saved search",
  access: readCases,
  params: caseSearchParamsSchema,
  response: savedSearchResponse,
  errors: [404],
  handler: ({ principal, params }) => getSavedSearch({ principal, caseId: params.id, searchId: params.searchId }),
});

export const createSavedSearchOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/ediscovery/cases/{id}/searches" },
  summary: "Save a search in a case",
  access: manageCases,
  params: caseIdParamsSchema,
  body: savedSearchSchema,
  response: savedSearchResponse,
  status: 201,
  errors: [404, 409],
  handler: ({ principal, params, body }) => createSavedSearch({ principal, caseId: params.id, input: body }),
});

export const updateSavedSearchOperation = operation({
  rest: { method: "PUT", path: "/api/v1/enterprise/ediscovery/cases/{id}/searches/{searchId}" },
  summary: "Change a saved search",
  access: manageCases,
  params: caseSearchParamsSchema,
  body: updateSavedSearchSchema,
  response: savedSearchResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => updateSavedSearch({ principal, caseId: params.id, searchId: params.searchId, input: body }),
});

export const deleteSavedSearchOperation = operation({
  rest: { method: "DELETE", path: "/api/v1/enterprise/ediscovery/cases/{id}/searches/{searchId}" },
  summary: "Delete a saved search",
  access: manageCases,
  params: caseSearchParamsSchema,
  status: 204,
  errors: [404, 409],
  handler: ({ principal, params }) => deleteSavedSearch({ principal, caseId: params.id, searchId: params.searchId }),
});

export const runSavedSearchOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/ediscovery/cases/{id}/searches/{searchId}/run" },
  summary: "Run a saved search",
  access: { ...readCases, rateLimit: "search" },
  params: caseSearchParamsSchema,
  response: savedSearchRunResponse,
  errors: [404, 503],
  handler: ({ principal, params }) => runSavedSearch({ principal, caseId: params.id, searchId: params.searchId }),
});

/**
 * UI only (no REST route): the case workspace's run, which also says how many matches lie outside
 * the custodians' mail in what the caller may read ("0 in the custodians' mail; 24 elsewhere").
 */
export const runSavedSearchWithElsewhereOperation = operation({
  summary: "Run a saved search, counting the matches outside the custodians' mail too",
  access: { ...readCases, rateLimit: "search" },
  params: caseSearchParamsSchema,
  errors: [404, 503],
  handler: ({ principal, params }) => runSavedSearch({ principal, caseId: params.id, searchId: params.searchId, countElsewhere: true }),
});

// Review tags

export const listTagsOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/cases/{id}/tags" },
  summary: "List a case's review tags",
  access: readCases,
  params: caseIdParamsSchema,
  response: z.array(tagResponse),
  errors: [404],
  handler: ({ principal, params }) => listTags({ principal, caseId: params.id }),
});

export const createTagOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/ediscovery/cases/{id}/tags" },
  summary: "Create a review tag",
  access: manageCases,
  params: caseIdParamsSchema,
  body: createTagSchema,
  response: tagResponse,
  status: 201,
  errors: [404, 409],
  handler: ({ principal, params, body }) => createTag({ principal, caseId: params.id, name: body.name }),
});

export const deleteTagOperation = operation({
  rest: { method: "DELETE", path: "/api/v1/enterprise/ediscovery/cases/{id}/tags/{tagId}" },
  summary: "Delete a review tag",
  access: manageCases,
  params: caseTagParamsSchema,
  status: 204,
  errors: [404, 409],
  handler: ({ principal, params }) => deleteTag({ principal, caseId: params.id, tagId: params.tagId }),
});

export const applyTagOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/ediscovery/cases/{id}/tags/{tagId}/apply" },
  summary: "Tag emails, by id or by saved search",
  access: { ...manageCases, rateLimit: "bulkApply" },
  params: caseTagParamsSchema,
  body: applyTagSchema,
  response: tagApplicationResponse,
  errors: [404, 409, 503],
  handler: ({ principal, params, body }) => applyTag({ principal, caseId: params.id, tagId: params.tagId, input: body }),
});

export const removeTagOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/ediscovery/cases/{id}/tags/{tagId}/remove" },
  summary: "Remove a tag from emails",
  access: manageCases,
  params: caseTagParamsSchema,
  body: removeTagSchema,
  response: tagRemovalResponse,
  errors: [404, 409],
  handler: ({ principal, params, body }) => removeTag({ principal, caseId: params.id, tagId: params.tagId, emailIds: body.emailIds }),
});

/** UI only (no REST route): the review view, the case's tagged emails with their tags. */
export const listTaggedEmailsOperation = operation({
  summary: "The case's tagged emails with their tags, newest first, a page at a time",
  access: readCases,
  params: caseIdParamsSchema,
  query: listTaggedSchema,
  handler: ({ principal, params, query }) => listTaggedEmails({ principal, caseId: params.id, input: query }),
});

export const getCaseAnalyticsOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/cases/{id}/analytics" },
  summary: "A case's review analytics: conversations, classes, near-duplicates, languages, review reduction",
  access: readCases,
  params: caseIdParamsSchema,
  response: caseAnalyticsResponse,
  errors: [404],
  handler: ({ principal, params }) => getCaseAnalytics({ principal, caseId: params.id }),
});

// Exports

export const listExportsOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/cases/{id}/exports" },
  summary: "List a case's exports",
  access: readCases,
  params: caseIdParamsSchema,
  response: z.array(exportResponse),
  errors: [404],
  handler: ({ principal, params }) => listExports({ principal, caseId: params.id }),
});

export const getExportOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/cases/{id}/exports/{exportId}" },
  summary: "Read an export's state",
  access: readCases,
  params: caseExportParamsSchema,
  response: exportResponse,
  errors: [404],
  handler: ({ principal, params }) => getExport({ principal, caseId: params.id, exportId: params.exportId }),
});

export const createExportOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/ediscovery/cases/{id}/exports" },
  summary: "Start an export of a case's emails",
  access: { ...manageCases, rateLimit: "export" },
  params: caseIdParamsSchema,
  body: createExportSchema,
  response: exportResponse,
  status: 202,
  errors: [404, 409],
  handler: ({ principal, params, body }) => createExport({ principal, caseId: params.id, input: body }),
});

export const cancelExportOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/ediscovery/cases/{id}/exports/{exportId}/cancel" },
  summary: "Cancel a running export",
  access: manageCases,
  params: caseExportParamsSchema,
  response: exportResponse,
  errors: [404, 409],
  handler: ({ principal, params }) => cancelExport({ principal, caseId: params.id, exportId: params.exportId }),
});

/** REST, and the case workspace's download link (the same, authenticated by the session cookie). */
export const downloadExportOperation = httpOperation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/cases/{id}/exports/{exportId}/download" },
  ui: { method: "GET", path: "/api/ui/ediscovery/cases/{id}/exports/{exportId}/download" },
  summary: "Download a finished export (ZIP)",
  access: { ...readCases, rateLimit: "export" },
  params: caseExportParamsSchema,
  produces: "application/zip",
  errors: [404, 409],
  handler: ({ principal, params }) => downloadExport({ principal, caseId: params.id, exportId: params.exportId }),
});

/** UI only (no REST route): verifies a completed production with the installation key, as a recipient would. */
export const verifyExportOperation = operation({
  summary: "Verify a completed production with the installation key",
  access: { ...readCases, rateLimit: "export" },
  params: caseExportParamsSchema,
  handler: ({ principal, params }) => verifyExport({ principal, caseId: params.id, exportId: params.exportId }),
});

export const getExportKeyOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/ediscovery/export-key" },
  summary: "The installation's public key that signs export manifests",
  access: { permission: "authenticated", feature: "EDISCOVERY" },
  response: exportKeyResponse,
  handler: async () => installationPublicKey(),
});
