import { auditReaderOf } from "../../identity/auth/audit-reader";
import { httpOperation, operation } from "../operation";
import { auditLogEntryResponse, auditLogHeadResponse, auditLogPageResponse, verifyAuditLogResponse } from "../../audit/audit.responses";
import { auditLogEntryIdSchema, exportAuditLogsQuerySchema, listAuditLogsQuerySchema } from "../../audit/audit.schemas";
import { exportAuditLog } from "../../audit/export-audit-log";
import { getAuditLogEntry } from "../../audit/get-audit-log-entry";
import { getAuditLogHead } from "../../audit/get-audit-log-head";
import { listAuditLogs } from "../../audit/list-audit-logs";
import { verifyAuditLog } from "../../audit/verify-audit-log";

const readAudit = { permission: "read:audit" } as const;

export const listAuditLogsOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/audit-logs" },
  summary: "Page through the audit log",
  access: readAudit,
  query: listAuditLogsQuerySchema,
  response: auditLogPageResponse,
  handler: ({ principal, query }) => listAuditLogs({ reader: auditReaderOf(principal), query }),
});

/** UI only (no REST route): opens the entry a chain verification names; same permission as the listing. */
export const getAuditLogEntryOperation = operation({
  summary: "Read one audit log entry",
  access: readAudit,
  params: auditLogEntryIdSchema,
  response: auditLogEntryResponse,
  errors: [404],
  handler: ({ principal, params }) => getAuditLogEntry({ reader: auditReaderOf(principal), id: params.id }),
});

export const verifyAuditLogOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/audit-logs/verify" },
  summary: "Verify the audit log's hash chain",
  access: { ...readAudit, rateLimit: "auditVerify" },
  response: verifyAuditLogResponse,
  errors: [503],
  handler: () => verifyAuditLog(),
});

export const getAuditLogHeadOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/audit-logs/head" },
  summary: "The chain's last entry and its length",
  access: readAudit,
  response: auditLogHeadResponse,
  handler: () => getAuditLogHead(),
});

export const exportAuditLogOperation = httpOperation({
  rest: { method: "GET", path: "/api/v1/enterprise/audit-logs/export" },
  ui: { method: "GET", path: "/api/ui/audit-logs/export" },
  summary: "Export the audit log, filtered like the list, as CSV or JSON Lines (streamed, audited)",
  access: { ...readAudit, rateLimit: "export" },
  query: exportAuditLogsQuerySchema,
  produces: "text/csv",
  handler: ({ principal, query }) => exportAuditLog({ reader: auditReaderOf(principal), query }),
});
