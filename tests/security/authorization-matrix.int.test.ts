import { SignJWT } from "jose";
import { authenticator } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../src/server/platform/db/client";
import { createApiKeyFor, createUserWithRole, setupAdmin } from "../helpers/auth";
import { insertTestEmail } from "../helpers/emails";
import { api, routePatterns } from "../helpers/rest-client";
import { procedureNames, trpcHttp } from "../helpers/trpc-http";

/**
 * Every endpoint × every kind of caller, with the exact status. Permitted callers send requests
 * that stop at a deterministic, side-effect-free answer (422 for an empty body, 404 for an unknown
 * id), so the table pins the order: authentication (401), permission (403), then the rest.
 */
/** Every predefined role, a custom role with a condition, and a user without a role. */
type Caller =
  | "superAdmin"
  | "auditor"
  | "readOnly"
  | "conditioned"
  | "noRole"
  | "complianceOfficer"
  | "ediscoveryManager"
  | "reviewer"
  | "itAdministrator";
const CALLERS: Caller[] = [
  "superAdmin",
  "auditor",
  "readOnly",
  "conditioned",
  "noRole",
  "complianceOfficer",
  "ediscoveryManager",
  "reviewer",
  "itAdministrator",
];
const BAD_CREDENTIALS = [
  "none",
  "malformed token",
  "expired token",
  "deleted user's token",
  "revoked API key",
  "expired API key",
  "disabled user's token",
  "disabled user's API key",
  "token of revoked sessions",
] as const;

/**
 * The matrix runs with `mfaRequired: "admins"`: the Super Admin has enrolled; another Super Admin
 * has not, so their token may only enrol (403 elsewhere) while their API key is exempt.
 */
const UNENROLLED_ADMIN = ["unenrolled admin's token", "unenrolled admin's API key"] as const;

interface Row {
  method: string;
  pattern: string;
  path: (ids: Ids) => string;
  body?: unknown;
  /** Status per caller: one number for all, or one per caller in the order of CALLERS. */
  expect: number | number[];
  public?: boolean;
  /** Open to a caller who owes two-factor enrolment. */
  duringMfaEnrolment?: true;
  /** The unenrolled admin's status where it differs from the (enrolled) Super Admin's. */
  unenrolledAdmin?: number;
}
interface Ids {
  ghost: string;
  email: string;
}

/** `ok` for the Super Admin and the callers named, 403 for everyone else. */
const only =
  (...allowed: Caller[]) =>
  (ok: number): Row["expect"] =>
    CALLERS.map((caller) => (caller === "superAdmin" || allowed.includes(caller) ? ok : 403));
const SUPER_ADMIN_ONLY = only();
const HOLDS = only("complianceOfficer", "ediscoveryManager");
const RETENTION = only("complianceOfficer");
const DISPOSITIONS = only("complianceOfficer");
const USERS = only("itAdministrator");
const SETTINGS = only("itAdministrator");
const SYSTEM = only("itAdministrator");
const INGESTION = only("itAdministrator");
const MANAGE_EDISCOVERY = only("complianceOfficer", "ediscoveryManager");
const READ_EDISCOVERY = only("complianceOfficer", "ediscoveryManager", "reviewer");
const DELETE_ARCHIVE = only("complianceOfficer");
const READ_USERS = only("auditor", "itAdministrator");
const READ_AUDIT = only("auditor", "complianceOfficer", "itAdministrator");
/** Readers of the archive: every role with `read:archive`, the conditioned one seeing `conditioned`. */
const READ_ARCHIVE = (ok: number, conditioned = ok): Row["expect"] => [ok, ok, ok, conditioned, 403, ok, ok, ok, 403];
const H = "/api/v1/enterprise/legal-holds";
const GHOST = "00000000-0000-4000-8000-000000000000";
const L = "/api/v1/enterprise/retention-policy";
const E = "/api/v1/enterprise/ediscovery";

const ROWS: Row[] = [
  { method: "POST", pattern: "/v1/auth/setup", path: () => "/v1/auth/setup", body: {}, expect: 422, public: true },
  { method: "POST", pattern: "/v1/auth/login", path: () => "/v1/auth/login", body: {}, expect: 422, public: true },
  { method: "POST", pattern: "/v1/auth/login/mfa", path: () => "/v1/auth/login/mfa", body: {}, expect: 422, public: true },
  {
    method: "POST",
    pattern: "/v1/auth/mfa/totp/setup",
    path: () => "/v1/auth/mfa/totp/setup",
    expect: [409, 200, 200, 200, 200, 200, 200, 200, 200],
    duringMfaEnrolment: true,
    unenrolledAdmin: 200,
  },
  {
    method: "POST",
    pattern: "/v1/auth/mfa/totp/enable",
    path: () => "/v1/auth/mfa/totp/enable",
    body: {},
    expect: 422,
    duringMfaEnrolment: true,
  },
  { method: "POST", pattern: "/v1/auth/mfa/disable", path: () => "/v1/auth/mfa/disable", body: {}, expect: 422 },
  { method: "GET", pattern: "/api/health", path: () => "/api/health", expect: 200, public: true },
  { method: "GET", pattern: "/v1/openapi.json", path: () => "/v1/openapi.json", expect: 200, public: true },
  { method: "GET", pattern: "/api-docs", path: () => "/api-docs", expect: 200, public: true },
  { method: "GET", pattern: "/api-docs/scalar.js", path: () => "/api-docs/scalar.js", expect: 200, public: true },
  { method: "GET", pattern: "/v1/auth/me", path: () => "/v1/auth/me", expect: 200, duringMfaEnrolment: true },
  { method: "GET", pattern: "/v1/license", path: () => "/v1/license", expect: 200 },
  { method: "GET", pattern: "/v1/users", path: () => "/v1/users", expect: READ_USERS(200) },
  { method: "POST", pattern: "/v1/users", path: () => "/v1/users", body: {}, expect: USERS(422) },
  { method: "GET", pattern: "/v1/users/[id]", path: (ids) => `/v1/users/${ids.ghost}`, expect: READ_USERS(404) },
  { method: "PUT", pattern: "/v1/users/[id]", path: (ids) => `/v1/users/${ids.ghost}`, body: {}, expect: USERS(422) },
  { method: "DELETE", pattern: "/v1/users/[id]", path: (ids) => `/v1/users/${ids.ghost}`, expect: USERS(404) },
  {
    method: "POST",
    pattern: "/v1/users/[id]/revoke-sessions",
    path: (ids) => `/v1/users/${ids.ghost}/revoke-sessions`,
    expect: USERS(404),
  },
  { method: "GET", pattern: "/v1/users/profile", path: () => "/v1/users/profile", expect: 200 },
  { method: "PATCH", pattern: "/v1/users/profile", path: () => "/v1/users/profile", body: {}, expect: 422 },
  { method: "POST", pattern: "/v1/users/profile/password", path: () => "/v1/users/profile/password", body: {}, expect: 422 },
  { method: "GET", pattern: "/v1/roles", path: () => "/v1/roles", expect: READ_USERS(200) },
  { method: "POST", pattern: "/v1/roles", path: () => "/v1/roles", body: {}, expect: USERS(422) },
  { method: "GET", pattern: "/v1/roles/[id]", path: (ids) => `/v1/roles/${ids.ghost}`, expect: READ_USERS(404) },
  { method: "PUT", pattern: "/v1/roles/[id]", path: (ids) => `/v1/roles/${ids.ghost}`, body: {}, expect: USERS(422) },
  { method: "DELETE", pattern: "/v1/roles/[id]", path: (ids) => `/v1/roles/${ids.ghost}`, expect: USERS(404) },
  { method: "GET", pattern: "/v1/api-keys", path: () => "/v1/api-keys", expect: 200 },
  { method: "POST", pattern: "/v1/api-keys", path: () => "/v1/api-keys", body: {}, expect: 422 },
  { method: "DELETE", pattern: "/v1/api-keys/[id]", path: (ids) => `/v1/api-keys/${ids.ghost}`, expect: 404 },
  { method: "GET", pattern: "/v1/settings", path: () => "/v1/settings", expect: SETTINGS(200) },
  { method: "PUT", pattern: "/v1/settings", path: () => "/v1/settings", body: {}, expect: SETTINGS(422) },
  { method: "GET", pattern: "/v1/settings/sso-role-mapping", path: () => "/v1/settings/sso-role-mapping", expect: SETTINGS(200) },
  {
    method: "PUT",
    pattern: "/v1/settings/sso-role-mapping",
    path: () => "/v1/settings/sso-role-mapping",
    body: {},
    expect: SETTINGS(422),
  },
  { method: "GET", pattern: "/v1/system/status", path: () => "/v1/system/status", expect: SYSTEM(200) },
  {
    method: "POST",
    pattern: "/v1/system/jobs/[id]/retry",
    path: (ids) => `/v1/system/jobs/${ids.ghost}/retry`,
    expect: SYSTEM(404),
  },
  { method: "GET", pattern: "/v1/ingestion-sources", path: () => "/v1/ingestion-sources", expect: INGESTION(200) },
  { method: "POST", pattern: "/v1/ingestion-sources", path: () => "/v1/ingestion-sources", body: {}, expect: INGESTION(422) },
  { method: "GET", pattern: "/v1/ingestion-sources/[id]", path: (ids) => `/v1/ingestion-sources/${ids.ghost}`, expect: INGESTION(404) },
  {
    method: "PUT",
    pattern: "/v1/ingestion-sources/[id]",
    path: (ids) => `/v1/ingestion-sources/${ids.ghost}`,
    body: {},
    expect: INGESTION(422),
  },
  { method: "DELETE", pattern: "/v1/ingestion-sources/[id]", path: (ids) => `/v1/ingestion-sources/${ids.ghost}`, expect: INGESTION(404) },
  {
    method: "POST",
    pattern: "/v1/ingestion-sources/[id]/import",
    path: (ids) => `/v1/ingestion-sources/${ids.ghost}/import`,
    expect: INGESTION(404),
  },
  {
    method: "POST",
    pattern: "/v1/ingestion-sources/[id]/sync",
    path: (ids) => `/v1/ingestion-sources/${ids.ghost}/sync`,
    expect: INGESTION(404),
  },
  {
    method: "GET",
    pattern: "/v1/ingestion-sources/[id]/coverage",
    path: (ids) => `/v1/ingestion-sources/${ids.ghost}/coverage`,
    expect: INGESTION(404),
  },
  {
    method: "GET",
    pattern: "/v1/ingestion-sources/[id]/receipts",
    path: (ids) => `/v1/ingestion-sources/${ids.ghost}/receipts`,
    expect: INGESTION(404),
  },
  {
    method: "GET",
    pattern: "/v1/ingestion-sources/[id]/receipts/[receiptId]",
    path: (ids) => `/v1/ingestion-sources/${ids.ghost}/receipts/${ids.ghost}`,
    expect: INGESTION(404),
  },
  {
    method: "GET",
    pattern: "/v1/ingestion-sources/[id]/receipts/[receiptId]/verify",
    path: (ids) => `/v1/ingestion-sources/${ids.ghost}/receipts/${ids.ghost}/verify`,
    expect: INGESTION(404),
  },
  {
    method: "GET",
    pattern: "/v1/archived-emails/ingestion-source/[ingestionSourceId]",
    path: (ids) => `/v1/archived-emails/ingestion-source/${ids.ghost}`,
    expect: READ_ARCHIVE(404),
  },
  {
    method: "GET",
    pattern: "/v1/archived-emails/[id]",
    path: (ids) => `/v1/archived-emails/${ids.email}`,
    expect: READ_ARCHIVE(200, 404),
  },
  // Deletion is disabled by default: the permitted caller learns that; the others lack delete:archive.
  {
    method: "DELETE",
    pattern: "/v1/archived-emails/[id]",
    path: (ids) => `/v1/archived-emails/${ids.ghost}`,
    expect: SUPER_ADMIN_ONLY(403),
  },
  // Restore to a mailbox needs restore:archive (manage:all has it); the body is checked before the email or run is looked up.
  {
    method: "POST",
    pattern: "/v1/archived-emails/[id]/restore",
    path: (ids) => `/v1/archived-emails/${ids.ghost}/restore`,
    body: {},
    expect: SUPER_ADMIN_ONLY(422),
  },
  {
    method: "POST",
    pattern: "/v1/archived-emails/restore",
    path: () => "/v1/archived-emails/restore",
    body: {},
    expect: SUPER_ADMIN_ONLY(422),
  },
  {
    method: "GET",
    pattern: "/v1/archived-emails/restore/[runId]",
    path: (ids) => `/v1/archived-emails/restore/${ids.ghost}`,
    expect: SUPER_ADMIN_ONLY(404),
  },
  {
    method: "GET",
    pattern: "/v1/archived-emails/[id]/raw",
    path: (ids) => `/v1/archived-emails/${ids.ghost}/raw`,
    expect: READ_ARCHIVE(404),
  },
  {
    method: "GET",
    pattern: "/v1/archived-emails/[id]/attachments/[attachmentId]",
    path: (ids) => `/v1/archived-emails/${ids.ghost}/attachments/${ids.ghost}`,
    expect: READ_ARCHIVE(404),
  },
  {
    method: "GET",
    pattern: "/v1/archived-emails/[id]/occurrences",
    path: (ids) => `/v1/archived-emails/${ids.ghost}/occurrences`,
    expect: READ_ARCHIVE(404),
  },
  {
    method: "GET",
    pattern: "/v1/archived-emails/[id]/thread",
    path: (ids) => `/v1/archived-emails/${ids.ghost}/thread`,
    expect: READ_ARCHIVE(404),
  },
  { method: "GET", pattern: "/v1/analytics/status", path: () => "/v1/analytics/status", expect: READ_ARCHIVE(200) },
  { method: "GET", pattern: "/v1/archived-emails/folders", path: () => "/v1/archived-emails/folders", expect: READ_ARCHIVE(200) },
  {
    method: "GET",
    pattern: "/v1/archived-emails/unsearchable",
    path: () => "/v1/archived-emails/unsearchable",
    expect: READ_ARCHIVE(200),
  },
  // The UI's session-cookie routes: bearer tokens and API keys do not count there.
  { method: "GET", pattern: "/api/ui/emails/[id]/raw", path: (ids) => `/api/ui/emails/${ids.email}/raw`, expect: 401 },
  {
    method: "GET",
    pattern: "/api/ui/emails/[id]/attachments/[attachmentId]",
    path: (ids) => `/api/ui/emails/${ids.email}/attachments/${ids.ghost}`,
    expect: 401,
  },
  { method: "GET", pattern: "/api/ui/audit-logs/export", path: () => "/api/ui/audit-logs/export", expect: 401 },
  { method: "POST", pattern: "/api/ui/sources/[id]/import", path: (ids) => `/api/ui/sources/${ids.ghost}/import`, expect: 401 },
  {
    method: "GET",
    pattern: "/api/ui/ediscovery/cases/[id]/exports/[exportId]/download",
    path: (ids) => `/api/ui/ediscovery/cases/${ids.ghost}/exports/${ids.ghost}/download`,
    expect: 401,
  },
  { method: "GET", pattern: "/v1/search", path: () => "/v1/search?query=hello", expect: READ_ARCHIVE(200) },
  { method: "GET", pattern: "/v1/search/index-status", path: () => "/v1/search/index-status", expect: READ_ARCHIVE(200) },
  {
    method: "POST",
    pattern: "/v1/search/explain",
    path: () => "/v1/search/explain",
    body: { searchQuery: { query: "hello OR world" } },
    expect: READ_ARCHIVE(200),
  },
  { method: "GET", pattern: "/api/v1/enterprise/audit-logs", path: () => "/api/v1/enterprise/audit-logs", expect: READ_AUDIT(200) },
  // The actorUserId filter: permission first, then validation.
  {
    method: "GET",
    pattern: "/api/v1/enterprise/audit-logs",
    path: (ids) => `/api/v1/enterprise/audit-logs?actorUserId=${ids.ghost}`,
    expect: READ_AUDIT(200),
  },
  {
    method: "GET",
    pattern: "/api/v1/enterprise/audit-logs",
    path: () => "/api/v1/enterprise/audit-logs?actorUserId=nobody",
    expect: READ_AUDIT(422),
  },
  {
    method: "POST",
    pattern: "/api/v1/enterprise/audit-logs/verify",
    path: () => "/api/v1/enterprise/audit-logs/verify",
    expect: READ_AUDIT(200),
  },
  {
    method: "GET",
    pattern: "/api/v1/enterprise/audit-logs/export",
    path: () => "/api/v1/enterprise/audit-logs/export?format=jsonl&actionType=LOGIN",
    expect: READ_AUDIT(200),
  },
  {
    method: "GET",
    pattern: "/api/v1/enterprise/audit-logs/export",
    path: () => "/api/v1/enterprise/audit-logs/export?format=xml",
    expect: READ_AUDIT(422),
  },
  {
    method: "GET",
    pattern: "/api/v1/enterprise/audit-logs/head",
    path: () => "/api/v1/enterprise/audit-logs/head",
    expect: READ_AUDIT(200),
  },
  { method: "GET", pattern: `${H}/holds`, path: () => `${H}/holds`, expect: HOLDS(200) },
  { method: "POST", pattern: `${H}/holds`, path: () => `${H}/holds`, body: {}, expect: HOLDS(422) },
  { method: "GET", pattern: `${H}/holds/[id]`, path: (ids) => `${H}/holds/${ids.ghost}`, expect: HOLDS(404) },
  { method: "PUT", pattern: `${H}/holds/[id]`, path: (ids) => `${H}/holds/${ids.ghost}`, body: {}, expect: HOLDS(422) },
  { method: "DELETE", pattern: `${H}/holds/[id]`, path: (ids) => `${H}/holds/${ids.ghost}`, expect: HOLDS(404) },
  {
    method: "POST",
    pattern: `${H}/holds/[id]/bulk-apply`,
    path: (ids) => `${H}/holds/${ids.ghost}/bulk-apply`,
    body: {},
    expect: HOLDS(422),
  },
  // The interface documents 500 for release-all on an unknown hold.
  { method: "POST", pattern: `${H}/holds/[id]/release-all`, path: (ids) => `${H}/holds/${ids.ghost}/release-all`, expect: HOLDS(500) },
  {
    method: "GET",
    pattern: `${H}/email/[emailId]/holds`,
    path: (ids) => `${H}/email/${ids.email}/holds`,
    expect: READ_ARCHIVE(200, 404),
  },
  {
    method: "POST",
    pattern: `${H}/email/[emailId]/holds`,
    path: (ids) => `${H}/email/${ids.email}/holds`,
    body: {},
    expect: HOLDS(422),
  },
  {
    method: "DELETE",
    pattern: `${H}/email/[emailId]/holds/[holdId]`,
    path: (ids) => `${H}/email/${ids.email}/holds/${ids.ghost}`,
    expect: HOLDS(404),
  },
  { method: "GET", pattern: `${L}/labels`, path: () => `${L}/labels`, expect: RETENTION(200) },
  { method: "POST", pattern: `${L}/labels`, path: () => `${L}/labels`, body: {}, expect: RETENTION(422) },
  { method: "GET", pattern: `${L}/labels/[id]`, path: (ids) => `${L}/labels/${ids.ghost}`, expect: RETENTION(404) },
  { method: "PUT", pattern: `${L}/labels/[id]`, path: (ids) => `${L}/labels/${ids.ghost}`, body: {}, expect: RETENTION(422) },
  { method: "DELETE", pattern: `${L}/labels/[id]`, path: (ids) => `${L}/labels/${ids.ghost}`, expect: RETENTION(404) },
  {
    method: "GET",
    pattern: `${L}/email/[emailId]/label`,
    path: (ids) => `${L}/email/${ids.email}/label`,
    expect: READ_ARCHIVE(200, 404),
  },
  {
    method: "POST",
    pattern: `${L}/email/[emailId]/label`,
    path: (ids) => `${L}/email/${ids.email}/label`,
    body: {},
    expect: RETENTION(422),
  },
  { method: "DELETE", pattern: `${L}/email/[emailId]/label`, path: (ids) => `${L}/email/${ids.email}/label`, expect: RETENTION(200) },
  { method: "GET", pattern: `${L}/policies`, path: () => `${L}/policies`, expect: RETENTION(200) },
  { method: "POST", pattern: `${L}/policies`, path: () => `${L}/policies`, body: {}, expect: RETENTION(422) },
  { method: "GET", pattern: `${L}/policies/[id]`, path: (ids) => `${L}/policies/${ids.ghost}`, expect: RETENTION(404) },
  { method: "PUT", pattern: `${L}/policies/[id]`, path: (ids) => `${L}/policies/${ids.ghost}`, body: {}, expect: RETENTION(422) },
  { method: "DELETE", pattern: `${L}/policies/[id]`, path: (ids) => `${L}/policies/${ids.ghost}`, expect: RETENTION(404) },
  { method: "GET", pattern: `${L}/forecast`, path: () => `${L}/forecast?days=30`, expect: RETENTION(200) },
  { method: "GET", pattern: `${L}/cycles`, path: () => `${L}/cycles`, expect: RETENTION(200) },
  // Queues one cycle request (later calls answer the same unfinished one); no worker runs here.
  { method: "POST", pattern: `${L}/cycle-requests`, path: () => `${L}/cycle-requests`, expect: RETENTION(202) },
  { method: "GET", pattern: `${L}/cycle-requests/[id]`, path: (ids) => `${L}/cycle-requests/${ids.ghost}`, expect: RETENTION(404) },
  {
    method: "GET",
    pattern: `${L}/email/[emailId]/status`,
    path: (ids) => `${L}/email/${ids.email}/status`,
    expect: READ_ARCHIVE(200, 404),
  },
  // Any signed-in caller may list and decide; each sees only the dispositions of the rules they review.
  { method: "GET", pattern: `${L}/dispositions`, path: () => `${L}/dispositions`, expect: 200 },
  { method: "POST", pattern: `${L}/dispositions/decide`, path: () => `${L}/dispositions/decide`, body: {}, expect: 422 },
  { method: "GET", pattern: `${L}/dispositions/certificate`, path: () => `${L}/dispositions/certificate`, expect: DISPOSITIONS(422) },
  { method: "GET", pattern: `${E}/export-key`, path: () => `${E}/export-key`, expect: 200 },
  { method: "GET", pattern: `${E}/cases`, path: () => `${E}/cases`, expect: READ_EDISCOVERY(200) },
  { method: "POST", pattern: `${E}/cases`, path: () => `${E}/cases`, body: {}, expect: MANAGE_EDISCOVERY(422) },
  { method: "GET", pattern: `${E}/cases/[id]`, path: (ids) => `${E}/cases/${ids.ghost}`, expect: READ_EDISCOVERY(404) },
  { method: "PUT", pattern: `${E}/cases/[id]`, path: (ids) => `${E}/cases/${ids.ghost}`, body: {}, expect: MANAGE_EDISCOVERY(422) },
  { method: "DELETE", pattern: `${E}/cases/[id]`, path: (ids) => `${E}/cases/${ids.ghost}`, expect: MANAGE_EDISCOVERY(404) },
  { method: "GET", pattern: `${E}/cases/[id]/searches`, path: (ids) => `${E}/cases/${ids.ghost}/searches`, expect: READ_EDISCOVERY(404) },
  {
    method: "POST",
    pattern: `${E}/cases/[id]/searches`,
    path: (ids) => `${E}/cases/${ids.ghost}/searches`,
    body: {},
    expect: MANAGE_EDISCOVERY(422),
  },
  {
    method: "GET",
    pattern: `${E}/cases/[id]/searches/[searchId]`,
    path: (ids) => `${E}/cases/${ids.ghost}/searches/${ids.ghost}`,
    expect: READ_EDISCOVERY(404),
  },
  {
    method: "PUT",
    pattern: `${E}/cases/[id]/searches/[searchId]`,
    path: (ids) => `${E}/cases/${ids.ghost}/searches/${ids.ghost}`,
    body: {},
    expect: MANAGE_EDISCOVERY(422),
  },
  {
    method: "DELETE",
    pattern: `${E}/cases/[id]/searches/[searchId]`,
    path: (ids) => `${E}/cases/${ids.ghost}/searches/${ids.ghost}`,
    expect: MANAGE_EDISCOVERY(404),
  },
  {
    method: "POST",
    pattern: `${E}/cases/[id]/searches/[searchId]/run`,
    path: (ids) => `${E}/cases/${ids.ghost}/searches/${ids.ghost}/run`,
    expect: READ_EDISCOVERY(404),
  },
  { method: "GET", pattern: `${E}/cases/[id]/tags`, path: (ids) => `${E}/cases/${ids.ghost}/tags`, expect: READ_EDISCOVERY(404) },
  {
    method: "GET",
    pattern: `${E}/cases/[id]/analytics`,
    path: (ids) => `${E}/cases/${ids.ghost}/analytics`,
    expect: READ_EDISCOVERY(404),
  },
  {
    method: "POST",
    pattern: `${E}/cases/[id]/tags`,
    path: (ids) => `${E}/cases/${ids.ghost}/tags`,
    body: {},
    expect: MANAGE_EDISCOVERY(422),
  },
  {
    method: "DELETE",
    pattern: `${E}/cases/[id]/tags/[tagId]`,
    path: (ids) => `${E}/cases/${ids.ghost}/tags/${ids.ghost}`,
    expect: MANAGE_EDISCOVERY(404),
  },
  {
    method: "POST",
    pattern: `${E}/cases/[id]/tags/[tagId]/apply`,
    path: (ids) => `${E}/cases/${ids.ghost}/tags/${ids.ghost}/apply`,
    body: {},
    expect: MANAGE_EDISCOVERY(422),
  },
  {
    method: "POST",
    pattern: `${E}/cases/[id]/tags/[tagId]/remove`,
    path: (ids) => `${E}/cases/${ids.ghost}/tags/${ids.ghost}/remove`,
    body: {},
    expect: MANAGE_EDISCOVERY(422),
  },
  { method: "GET", pattern: `${E}/cases/[id]/exports`, path: (ids) => `${E}/cases/${ids.ghost}/exports`, expect: READ_EDISCOVERY(404) },
  {
    method: "POST",
    pattern: `${E}/cases/[id]/exports`,
    path: (ids) => `${E}/cases/${ids.ghost}/exports`,
    body: {},
    expect: MANAGE_EDISCOVERY(422),
  },
  {
    method: "GET",
    pattern: `${E}/cases/[id]/exports/[exportId]`,
    path: (ids) => `${E}/cases/${ids.ghost}/exports/${ids.ghost}`,
    expect: READ_EDISCOVERY(404),
  },
  {
    method: "POST",
    pattern: `${E}/cases/[id]/exports/[exportId]/cancel`,
    path: (ids) => `${E}/cases/${ids.ghost}/exports/${ids.ghost}/cancel`,
    expect: MANAGE_EDISCOVERY(404),
  },
  {
    method: "GET",
    pattern: `${E}/cases/[id]/exports/[exportId]/download`,
    path: (ids) => `${E}/cases/${ids.ghost}/exports/${ids.ghost}/download`,
    expect: READ_EDISCOVERY(404),
  },
];

/** tRPC procedures over HTTP, statuses per caller as in ROWS; `name#variant` calls `name`. */
const TRPC_ROWS: Record<string, Pick<Row, "expect" | "duringMfaEnrolment" | "unenrolledAdmin"> & { input?: unknown }> = {
  "account.me": { expect: 200, duringMfaEnrolment: true },
  "account.apiKeys": { expect: 200 },
  "account.mfaStatus": { expect: 200, duringMfaEnrolment: true },
  "account.setupTotp": { expect: [409, 200, 200, 200, 200, 200, 200, 200, 200], duringMfaEnrolment: true, unenrolledAdmin: 200 },
  "account.enableTotp": { input: {}, expect: 422, duringMfaEnrolment: true },
  "account.disableMfa": { input: {}, expect: 422 },
  "account.updateProfile": { input: {}, expect: 422 },
  "account.changePassword": { input: {}, expect: 422 },
  "account.createApiKey": { input: {}, expect: 422 },
  "account.deleteApiKey": { input: {}, expect: 422 },
  "users.list": { expect: READ_USERS(200) },
  "users.get": { input: { id: GHOST }, expect: READ_USERS(404) },
  "users.create": { input: {}, expect: USERS(422) },
  "users.update": { input: {}, expect: USERS(422) },
  "users.delete": { input: {}, expect: USERS(422) },
  "users.revokeSessions": { input: {}, expect: USERS(422) },
  "roles.list": { expect: READ_USERS(200) },
  "roles.get": { input: { id: GHOST }, expect: READ_USERS(404) },
  "roles.create": { input: {}, expect: USERS(422) },
  "roles.update": { input: {}, expect: USERS(422) },
  "roles.delete": { input: {}, expect: USERS(422) },
  "roles.conditionValues": { expect: USERS(200) },
  "audit.list": { input: {}, expect: READ_AUDIT(200) },
  "audit.list#actorUserId": { input: { actorUserId: GHOST }, expect: READ_AUDIT(200) },
  "audit.list#invalid actorUserId": { input: { actorUserId: "nobody" }, expect: READ_AUDIT(422) },
  "audit.get": { input: { id: 999_999_999 }, expect: READ_AUDIT(404) },
  "audit.verify": { expect: READ_AUDIT(200) },
  "audit.head": { expect: READ_AUDIT(200) },
  "license.get": { expect: 200 },
  "search.run": { input: {}, expect: READ_ARCHIVE(200) },
  "search.explain": { input: { searchQuery: { query: "hello OR world" } }, expect: READ_ARCHIVE(200) },
  "search.indexStatus": { expect: READ_ARCHIVE(200) },
  "legalHolds.list": { expect: HOLDS(200) },
  "legalHolds.get": { input: { id: GHOST }, expect: HOLDS(404) },
  "legalHolds.create": { input: {}, expect: HOLDS(422) },
  "legalHolds.update": { input: {}, expect: HOLDS(422) },
  "legalHolds.delete": { input: {}, expect: HOLDS(422) },
  "legalHolds.emails": { input: { id: GHOST }, expect: HOLDS(404) },
  "legalHolds.previewBulkApply": { input: {}, expect: HOLDS(422) },
  "legalHolds.bulkApply": { input: {}, expect: HOLDS(422) },
  "legalHolds.releaseAll": { input: {}, expect: HOLDS(422) },
  "legalHolds.emailHolds": { input: { emailId: GHOST }, expect: READ_ARCHIVE(404) },
  "legalHolds.applyToEmail": { input: {}, expect: HOLDS(422) },
  "legalHolds.removeFromEmail": { input: {}, expect: HOLDS(422) },
  "ediscovery.list": { expect: READ_EDISCOVERY(200) },
  "ediscovery.get": { input: { id: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.create": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.update": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.delete": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.searches": { input: { id: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.search": { input: { id: GHOST, searchId: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.createSearch": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.updateSearch": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.deleteSearch": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.runSearch": { input: {}, expect: READ_EDISCOVERY(422) },
  "ediscovery.runSearchWithElsewhere": { input: { id: GHOST, searchId: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.tags": { input: { id: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.createTag": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.deleteTag": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.applyTag": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.removeTag": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.exports": { input: { id: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.export": { input: { id: GHOST, exportId: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.createExport": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.cancelExport": { input: {}, expect: MANAGE_EDISCOVERY(422) },
  "ediscovery.taggedEmails": { input: { id: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.memberCandidates": { expect: MANAGE_EDISCOVERY(200) },
  "ediscovery.caseActivity": { input: { id: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.caseAnalytics": { input: { id: GHOST }, expect: READ_EDISCOVERY(404) },
  "ediscovery.verifyExport": { input: {}, expect: READ_EDISCOVERY(422) },
  "retentionLabels.list": { expect: RETENTION(200) },
  "retentionLabels.get": { input: { id: GHOST }, expect: RETENTION(404) },
  "retentionLabels.create": { input: {}, expect: RETENTION(422) },
  "retentionLabels.update": { input: {}, expect: RETENTION(422) },
  "retentionLabels.delete": { input: {}, expect: RETENTION(422) },
  "retentionLabels.emailLabel": { input: { emailId: GHOST }, expect: READ_ARCHIVE(404) },
  "retentionLabels.applicable": { expect: RETENTION(200) },
  "retentionLabels.applyToEmail": { input: {}, expect: RETENTION(422) },
  "retentionLabels.removeFromEmail": { input: {}, expect: RETENTION(422) },
  "retentionPolicies.list": { expect: RETENTION(200) },
  "retentionPolicies.get": { input: { id: GHOST }, expect: RETENTION(404) },
  "retentionPolicies.create": { input: {}, expect: RETENTION(422) },
  "retentionPolicies.previewImpact": { input: {}, expect: RETENTION(422) },
  "retentionPolicies.update": { input: {}, expect: RETENTION(422) },
  "retentionPolicies.delete": { input: {}, expect: RETENTION(422) },
  "lifecycle.forecast": { input: {}, expect: RETENTION(200) },
  "lifecycle.cycles": { input: {}, expect: RETENTION(200) },
  "lifecycle.requestCycle": { expect: RETENTION(200) },
  "lifecycle.cycleRequest": { input: { id: GHOST }, expect: RETENTION(404) },
  "lifecycle.emailStatus": { input: { emailId: GHOST }, expect: READ_ARCHIVE(404) },
  "dispositions.list": { input: {}, expect: 200 },
  "dispositions.queueSize": { expect: 200 },
  "dispositions.decide": { input: {}, expect: 422 },
  "dispositions.certificate": { input: {}, expect: DISPOSITIONS(422) },
  "archivedEmails.listBySource": { input: { ingestionSourceId: GHOST }, expect: READ_ARCHIVE(404) },
  "archivedEmails.get": { input: { id: GHOST }, expect: READ_ARCHIVE(404) },
  "archivedEmails.body": { input: { id: GHOST }, expect: READ_ARCHIVE(404) },
  "archivedEmails.occurrences": { input: { id: GHOST }, expect: READ_ARCHIVE(404) },
  "archivedEmails.thread": { input: { id: GHOST }, expect: READ_ARCHIVE(404) },
  "analytics.status": { expect: READ_ARCHIVE(200) },
  "archivedEmails.folders": { input: {}, expect: READ_ARCHIVE(200) },
  "archivedEmails.delete": { input: {}, expect: DELETE_ARCHIVE(422) },
  "archivedEmails.restore": { input: { id: GHOST }, expect: SUPER_ADMIN_ONLY(422) },
  "archivedEmails.bulkRestore": { input: {}, expect: SUPER_ADMIN_ONLY(422) },
  "archivedEmails.restoreRun": { input: { runId: GHOST }, expect: SUPER_ADMIN_ONLY(404) },
  "sources.list": { expect: INGESTION(200) },
  "sources.journalListener": { expect: INGESTION(200) },
  "sources.names": { expect: READ_ARCHIVE(200) },
  "sources.create": { input: {}, expect: INGESTION(422) },
  "sources.update": { input: {}, expect: INGESTION(422) },
  "sources.delete": { input: {}, expect: INGESTION(422) },
  "sources.sync": { input: {}, expect: INGESTION(422) },
  "sources.coverage": { input: {}, expect: INGESTION(422) },
  "sources.receipts": { input: {}, expect: INGESTION(422) },
  "sources.receipt": { input: {}, expect: INGESTION(422) },
  "sources.verifyReceipt": { input: {}, expect: INGESTION(422) },
  "sources.progress": { input: {}, expect: INGESTION(422) },
  "settings.get": { expect: SETTINGS(200) },
  "settings.update": { input: {}, expect: SETTINGS(422) },
  "sso.roleMapping": { expect: SETTINGS(200) },
  "sso.updateRoleMapping": { input: {}, expect: SETTINGS(422) },
  "sso.status": { expect: SETTINGS(200) },
  "dashboard.stats": { expect: READ_ARCHIVE(200) },
  "system.status": { expect: SYSTEM(200) },
  "system.retryJob": { input: { id: GHOST }, expect: SYSTEM(404) },
  "system.workerPresence": { expect: 200 },
};

const expected = (row: { expect: Row["expect"] }, caller: Caller) =>
  typeof row.expect === "number" ? row.expect : row.expect[CALLERS.indexOf(caller)];

/** The unenrolled admin's token is refused (403) wherever it would have passed authentication, except enrolment; the API key is exempt. */
function expectedUnenrolled(row: Pick<Row, "expect" | "public" | "duringMfaEnrolment" | "unenrolledAdmin">, credential: string): number {
  const admin = row.unenrolledAdmin ?? expected(row, "superAdmin");
  if (credential === "unenrolled admin's API key" || row.public || row.duringMfaEnrolment || admin === 401) return admin;
  return 403;
}

let ids: Ids;
const headersFor: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const admin = await setupAdmin();
  const tokens: Record<Caller, string> = {
    superAdmin: admin.token,
    auditor: (await createUserWithRole(admin.token, "predefined_auditor")).token,
    readOnly: (await createUserWithRole(admin.token, "predefined_read_only")).token,
    conditioned: (
      await createUserWithRole(admin.token, [{ action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } }])
    ).token,
    noRole: (await createUserWithRole(admin.token, null)).token,
    complianceOfficer: (await createUserWithRole(admin.token, "predefined_compliance_officer")).token,
    ediscoveryManager: (await createUserWithRole(admin.token, "predefined_ediscovery_manager")).token,
    reviewer: (await createUserWithRole(admin.token, "predefined_reviewer")).token,
    itAdministrator: (await createUserWithRole(admin.token, "predefined_it_administrator")).token,
  };
  for (const caller of CALLERS) headersFor[caller] = { authorization: `Bearer ${tokens[caller]}` };
  const doomed = await createUserWithRole(admin.token, "predefined_super_admin");
  const revoked = await createApiKeyFor(admin.token);
  await api("DELETE", `/v1/api-keys/${revoked.id}`, { token: admin.token });
  const expiring = await createApiKeyFor(admin.token, 1);
  await db().apiKey.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  await api("DELETE", `/v1/users/${doomed.user.id}`, { token: admin.token });
  const disabled = await createUserWithRole(admin.token, "predefined_super_admin", { apiKey: true });
  await api("PUT", `/v1/users/${disabled.user.id}`, { token: admin.token, body: { disabled: true } });
  const signedOut = await createUserWithRole(admin.token, "predefined_super_admin");
  await api("POST", `/v1/users/${signedOut.user.id}/revoke-sessions`, { token: admin.token });
  const expired = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(admin.user.id)
    .setIssuer("mail-archive")
    .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
    .sign(new TextEncoder().encode(process.env.AUTH_SECRET!));
  headersFor["none"] = {};
  headersFor["malformed token"] = { authorization: "Bearer not-a-token" };
  headersFor["expired token"] = { authorization: `Bearer ${expired}` };
  headersFor["deleted user's token"] = { authorization: `Bearer ${doomed.token}` };
  headersFor["revoked API key"] = { "x-api-key": revoked.key };
  headersFor["expired API key"] = { "x-api-key": expiring.key };
  headersFor["disabled user's token"] = { authorization: `Bearer ${disabled.token}` };
  headersFor["disabled user's API key"] = { "x-api-key": disabled.apiKey! };
  headersFor["token of revoked sessions"] = { authorization: `Bearer ${signedOut.token}` };
  const unenrolled = await createUserWithRole(admin.token, "predefined_super_admin", { apiKey: true });
  headersFor["unenrolled admin's token"] = { authorization: `Bearer ${unenrolled.token}` };
  headersFor["unenrolled admin's API key"] = { "x-api-key": unenrolled.apiKey! };
  const setup = await api("POST", "/v1/auth/mfa/totp/setup", { token: admin.token });
  await api("POST", "/v1/auth/mfa/totp/enable", { token: admin.token, body: { code: authenticator.generate(setup.body.secret) } });
  // Enabling two-factor ends the admin's earlier tokens: they sign in again, with a code of a later step.
  const passwordStep = await api("POST", "/v1/auth/login", { body: { email: admin.user.email, password: admin.password } });
  const code = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(setup.body.secret);
  admin.token = (await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: passwordStep.body.mfaToken, code } })).body.accessToken;
  headersFor.superAdmin = { authorization: `Bearer ${admin.token}` };
  const required = await api("PUT", "/v1/settings", { token: admin.token, body: { mfaRequired: "admins" } });
  if (required.status !== 200) throw new Error(`mfaRequired: ${required.status} ${required.text}`);
  const email = await insertTestEmail({ userEmail: "bob@example.com" });
  ids = { ghost: GHOST, email: email.id };
});

describe("authorization matrix", () => {
  it("has a row for every REST route file and every tRPC procedure", () => {
    const covered = new Set(ROWS.map((row) => row.pattern));
    const missing = routePatterns().filter(
      (pattern) => !pattern.includes("[...") && !pattern.startsWith("/api/trpc") && !covered.has(pattern),
    );
    expect(missing, "add these endpoints to the authorization matrix").toEqual([]);
    expect(
      procedureNames().filter((name) => !(name in TRPC_ROWS)),
      "add these tRPC procedures to the matrix",
    ).toEqual([]);
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.pattern}`, row] as const))("%s", async (_name, row) => {
    const outcomes: string[] = [];
    const want: string[] = [];
    for (const caller of CALLERS) {
      const response = await api(row.method, row.path(ids), { body: row.body, headers: headersFor[caller] });
      outcomes.push(`${caller}:${response.status}`);
      want.push(`${caller}:${expected(row, caller)}`);
      if (response.status >= 400) expect(response.body).toMatchObject({ status: "error", statusCode: response.status });
    }
    for (const credential of UNENROLLED_ADMIN) {
      const response = await api(row.method, row.path(ids), { body: row.body, headers: headersFor[credential] });
      outcomes.push(`${credential}:${response.status}`);
      want.push(`${credential}:${expectedUnenrolled(row, credential)}`);
    }
    for (const credentials of BAD_CREDENTIALS) {
      const response = await api(row.method, row.path(ids), { body: row.body, headers: headersFor[credentials] });
      outcomes.push(`${credentials}:${response.status}`);
      want.push(`${credentials}:${row.public ? expected(row, "superAdmin") : 401}`);
    }
    expect(outcomes).toEqual(want);
  });

  it.each(Object.entries(TRPC_ROWS))("tRPC %s", async (name, row) => {
    const outcomes: string[] = [];
    const want: string[] = [];
    const call = (headers: Record<string, string>) => trpcHttp(name.split("#")[0], row.input, headers);
    for (const caller of CALLERS) {
      outcomes.push(`${caller}:${(await call(headersFor[caller])).status}`);
      want.push(`${caller}:${expected(row, caller)}`);
    }
    for (const credential of UNENROLLED_ADMIN) {
      outcomes.push(`${credential}:${(await call(headersFor[credential])).status}`);
      want.push(`${credential}:${expectedUnenrolled(row, credential)}`);
    }
    for (const credentials of BAD_CREDENTIALS) {
      outcomes.push(`${credentials}:${(await call(headersFor[credentials])).status}`);
      want.push(`${credentials}:401`);
    }
    expect(outcomes).toEqual(want);
  });
});
