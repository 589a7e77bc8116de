import { buildOpenApiDocument, type OpenApiDocument } from "@/server/transport/http/openapi/openapi-document";
import { openApiDocumentRoute } from "@/server/transport/http/openapi/openapi-route";
import type { RouteModule } from "@/server/transport/http/rest-endpoint";

/**
 * Every REST route file under /v1 and /api/v1 (the catch-alls aside), for the OpenAPI document.
 * openapi-document.int.test.ts fails when a route file is missing here.
 */
export const restRouteModules: Record<string, () => Promise<RouteModule>> = {
  "/api/v1/enterprise/audit-logs/head": () => import("./api/v1/enterprise/audit-logs/head/route"),
  "/api/v1/enterprise/audit-logs": () => import("./api/v1/enterprise/audit-logs/route"),
  "/api/v1/enterprise/audit-logs/verify": () => import("./api/v1/enterprise/audit-logs/verify/route"),
  "/api/v1/enterprise/audit-logs/export": () => import("./api/v1/enterprise/audit-logs/export/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/exports/[exportId]/cancel": () =>
    import("./api/v1/enterprise/ediscovery/cases/[id]/exports/[exportId]/cancel/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/exports/[exportId]/download": () =>
    import("./api/v1/enterprise/ediscovery/cases/[id]/exports/[exportId]/download/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/exports/[exportId]": () =>
    import("./api/v1/enterprise/ediscovery/cases/[id]/exports/[exportId]/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/exports": () => import("./api/v1/enterprise/ediscovery/cases/[id]/exports/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/analytics": () => import("./api/v1/enterprise/ediscovery/cases/[id]/analytics/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]": () => import("./api/v1/enterprise/ediscovery/cases/[id]/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/searches/[searchId]": () =>
    import("./api/v1/enterprise/ediscovery/cases/[id]/searches/[searchId]/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/searches/[searchId]/run": () =>
    import("./api/v1/enterprise/ediscovery/cases/[id]/searches/[searchId]/run/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/searches": () => import("./api/v1/enterprise/ediscovery/cases/[id]/searches/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/tags/[tagId]/apply": () =>
    import("./api/v1/enterprise/ediscovery/cases/[id]/tags/[tagId]/apply/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/tags/[tagId]/remove": () =>
    import("./api/v1/enterprise/ediscovery/cases/[id]/tags/[tagId]/remove/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/tags/[tagId]": () => import("./api/v1/enterprise/ediscovery/cases/[id]/tags/[tagId]/route"),
  "/api/v1/enterprise/ediscovery/cases/[id]/tags": () => import("./api/v1/enterprise/ediscovery/cases/[id]/tags/route"),
  "/api/v1/enterprise/ediscovery/cases": () => import("./api/v1/enterprise/ediscovery/cases/route"),
  "/api/v1/enterprise/ediscovery/export-key": () => import("./api/v1/enterprise/ediscovery/export-key/route"),
  "/api/v1/enterprise/legal-holds/email/[emailId]/holds/[holdId]": () =>
    import("./api/v1/enterprise/legal-holds/email/[emailId]/holds/[holdId]/route"),
  "/api/v1/enterprise/legal-holds/email/[emailId]/holds": () => import("./api/v1/enterprise/legal-holds/email/[emailId]/holds/route"),
  "/api/v1/enterprise/legal-holds/holds/[id]/bulk-apply": () => import("./api/v1/enterprise/legal-holds/holds/[id]/bulk-apply/route"),
  "/api/v1/enterprise/legal-holds/holds/[id]/release-all": () => import("./api/v1/enterprise/legal-holds/holds/[id]/release-all/route"),
  "/api/v1/enterprise/legal-holds/holds/[id]": () => import("./api/v1/enterprise/legal-holds/holds/[id]/route"),
  "/api/v1/enterprise/legal-holds/holds": () => import("./api/v1/enterprise/legal-holds/holds/route"),
  "/api/v1/enterprise/retention-policy/cycle-requests/[id]": () => import("./api/v1/enterprise/retention-policy/cycle-requests/[id]/route"),
  "/api/v1/enterprise/retention-policy/cycle-requests": () => import("./api/v1/enterprise/retention-policy/cycle-requests/route"),
  "/api/v1/enterprise/retention-policy/cycles": () => import("./api/v1/enterprise/retention-policy/cycles/route"),
  "/api/v1/enterprise/retention-policy/dispositions/certificate": () =>
    import("./api/v1/enterprise/retention-policy/dispositions/certificate/route"),
  "/api/v1/enterprise/retention-policy/dispositions/decide": () => import("./api/v1/enterprise/retention-policy/dispositions/decide/route"),
  "/api/v1/enterprise/retention-policy/dispositions": () => import("./api/v1/enterprise/retention-policy/dispositions/route"),
  "/api/v1/enterprise/retention-policy/email/[emailId]/label": () =>
    import("./api/v1/enterprise/retention-policy/email/[emailId]/label/route"),
  "/api/v1/enterprise/retention-policy/email/[emailId]/status": () =>
    import("./api/v1/enterprise/retention-policy/email/[emailId]/status/route"),
  "/api/v1/enterprise/retention-policy/forecast": () => import("./api/v1/enterprise/retention-policy/forecast/route"),
  "/api/v1/enterprise/retention-policy/labels/[id]": () => import("./api/v1/enterprise/retention-policy/labels/[id]/route"),
  "/api/v1/enterprise/retention-policy/labels": () => import("./api/v1/enterprise/retention-policy/labels/route"),
  "/api/v1/enterprise/retention-policy/policies/[id]": () => import("./api/v1/enterprise/retention-policy/policies/[id]/route"),
  "/api/v1/enterprise/retention-policy/policies": () => import("./api/v1/enterprise/retention-policy/policies/route"),
  "/v1/analytics/status": () => import("./v1/analytics/status/route"),
  "/v1/api-keys/[id]": () => import("./v1/api-keys/[id]/route"),
  "/v1/api-keys": () => import("./v1/api-keys/route"),
  "/v1/archived-emails/[id]/attachments/[attachmentId]": () => import("./v1/archived-emails/[id]/attachments/[attachmentId]/route"),
  "/v1/archived-emails/[id]/occurrences": () => import("./v1/archived-emails/[id]/occurrences/route"),
  "/v1/archived-emails/[id]/thread": () => import("./v1/archived-emails/[id]/thread/route"),
  "/v1/archived-emails/[id]/raw": () => import("./v1/archived-emails/[id]/raw/route"),
  "/v1/archived-emails/[id]/restore": () => import("./v1/archived-emails/[id]/restore/route"),
  "/v1/archived-emails/[id]": () => import("./v1/archived-emails/[id]/route"),
  "/v1/archived-emails/folders": () => import("./v1/archived-emails/folders/route"),
  "/v1/archived-emails/ingestion-source/[ingestionSourceId]": () =>
    import("./v1/archived-emails/ingestion-source/[ingestionSourceId]/route"),
  "/v1/archived-emails/restore/[runId]": () => import("./v1/archived-emails/restore/[runId]/route"),
  "/v1/archived-emails/restore": () => import("./v1/archived-emails/restore/route"),
  "/v1/archived-emails/unsearchable": () => import("./v1/archived-emails/unsearchable/route"),
  "/v1/auth/login": () => import("./v1/auth/login/route"),
  "/v1/auth/login/mfa": () => import("./v1/auth/login/mfa/route"),
  "/v1/auth/mfa/disable": () => import("./v1/auth/mfa/disable/route"),
  "/v1/auth/mfa/totp/enable": () => import("./v1/auth/mfa/totp/enable/route"),
  "/v1/auth/mfa/totp/setup": () => import("./v1/auth/mfa/totp/setup/route"),
  "/v1/auth/me": () => import("./v1/auth/me/route"),
  "/v1/auth/setup": () => import("./v1/auth/setup/route"),
  "/v1/ingestion-sources/[id]/import": () => import("./v1/ingestion-sources/[id]/import/route"),
  "/v1/ingestion-sources/[id]": () => import("./v1/ingestion-sources/[id]/route"),
  "/v1/ingestion-sources/[id]/sync": () => import("./v1/ingestion-sources/[id]/sync/route"),
  "/v1/ingestion-sources/[id]/coverage": () => import("./v1/ingestion-sources/[id]/coverage/route"),
  "/v1/ingestion-sources/[id]/receipts": () => import("./v1/ingestion-sources/[id]/receipts/route"),
  "/v1/ingestion-sources/[id]/receipts/[receiptId]": () => import("./v1/ingestion-sources/[id]/receipts/[receiptId]/route"),
  "/v1/ingestion-sources/[id]/receipts/[receiptId]/verify": () => import("./v1/ingestion-sources/[id]/receipts/[receiptId]/verify/route"),
  "/v1/ingestion-sources": () => import("./v1/ingestion-sources/route"),
  "/v1/license": () => import("./v1/license/route"),
  "/v1/roles/[id]": () => import("./v1/roles/[id]/route"),
  // The route file imports this list; its module is built here as the file builds it (openapi-route.ts).
  "/v1/openapi.json": async () => openApiDocumentRoute(restApiDocument),
  "/v1/roles": () => import("./v1/roles/route"),
  "/v1/search/explain": () => import("./v1/search/explain/route"),
  "/v1/search/index-status": () => import("./v1/search/index-status/route"),
  "/v1/search": () => import("./v1/search/route"),
  "/v1/settings": () => import("./v1/settings/route"),
  "/v1/settings/sso-role-mapping": () => import("./v1/settings/sso-role-mapping/route"),
  "/v1/system/jobs/[id]/retry": () => import("./v1/system/jobs/[id]/retry/route"),
  "/v1/system/status": () => import("./v1/system/status/route"),
  "/v1/users/[id]": () => import("./v1/users/[id]/route"),
  "/v1/users/[id]/revoke-sessions": () => import("./v1/users/[id]/revoke-sessions/route"),
  "/v1/users/profile/password": () => import("./v1/users/profile/password/route"),
  "/v1/users/profile": () => import("./v1/users/profile/route"),
  "/v1/users": () => import("./v1/users/route"),
};

let document: Promise<OpenApiDocument> | undefined;

/** The REST API's OpenAPI 3.1 document, built once from the route modules' endpoint descriptions. */
export function restApiDocument(): Promise<OpenApiDocument> {
  document ??= Promise.all(Object.entries(restRouteModules).map(async ([pattern, load]) => ({ pattern, module: await load() }))).then(
    buildOpenApiDocument,
  );
  return document;
}
