import { z } from "zod";

/**
 * The audit log's vocabulary: every action and target type an entry can carry. Writers
 * (appendAuditEntry) take only these, and the listing's `actionType` filter accepts only these, so a
 * typo is a type error or a 422 rather than a filter that silently finds nothing. Add a value here
 * when a new operation is audited. Plain data, also imported by the admin UI's filter.
 */
export const AUDIT_ACTION_TYPES = [
  "APPLY_HOLD",
  "APPLY_LABEL",
  "BULK_APPLY_HOLD",
  "CREATE",
  "DECIDE_DISPOSITION",
  "DELETE",
  "DELETE_REFUSED",
  "DISABLE",
  "DOWNLOAD",
  "EXPORT",
  "IMPORT",
  "INTEGRITY_FAILURE",
  "LOGIN",
  "LOGIN_FAILED",
  "MFA_DISABLE",
  "MFA_ENABLE",
  "MFA_SETUP",
  "QUEUE_DISPOSITION",
  "READ",
  "REAUTHENTICATE",
  "RELEASE_ALL",
  "REMOVE_HOLD",
  "REMOVE_LABEL",
  "RESTORE",
  "RESTORE_FAILED",
  "RESTORE_REQUESTED",
  "RETRY",
  "REVOKE_SESSIONS",
  "SEARCH",
  "SETUP",
  "SYNC",
  "TAG_APPLY",
  "TAG_REMOVE",
  "UPDATE",
  "VERIFY",
] as const;

export const AUDIT_TARGET_TYPES = [
  "ApiKey",
  "AuditLog",
  "ArchivedEmail",
  "Attachment",
  "EdiscoveryCase",
  "EdiscoveryExport",
  "EdiscoverySavedSearch",
  "EdiscoveryTag",
  "IngestionSource",
  "Job",
  "LegalHold",
  "RestoreRun",
  "RetentionLabel",
  "RetentionPolicy",
  "Role",
  "Settings",
  "SsoRoleMapping",
  "User",
] as const;

export const auditActionTypeSchema = z.enum(AUDIT_ACTION_TYPES, { message: `actionType must be one of ${AUDIT_ACTION_TYPES.join(", ")}` });
export const auditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES, { message: `targetType must be one of ${AUDIT_TARGET_TYPES.join(", ")}` });

export type AuditActionType = z.infer<typeof auditActionTypeSchema>;
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;
