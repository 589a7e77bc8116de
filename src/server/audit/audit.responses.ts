import { z } from "zod";
import { count, timestamp } from "../platform/validation/response-fields";

export const auditLogEntryResponse = z.object({
  id: z.number().int(),
  previousHash: z.string().nullable(),
  timestamp,
  actorIdentifier: z.string(),
  actorIp: z.string(),
  actionType: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.unknown(),
  currentHash: z.string(),
});

export const auditLogPageResponse = z.object({
  data: z.array(auditLogEntryResponse),
  meta: z.object({ total: count, page: z.number().int(), limit: z.number().int() }),
});

export const auditLogHeadResponse = z.object({
  id: z.number().int().nullable(),
  currentHash: z.string().nullable(),
  timestamp: timestamp.nullable(),
  count,
});

export const verifyAuditLogResponse = z.union([
  z.object({ ok: z.literal(true), message: z.string() }),
  z.object({ ok: z.literal(false), message: z.string(), logId: z.number().int() }),
]);

/** An audit log entry as the interface shows it (docs/audit-log.md). */
export type AuditLogEntry = z.infer<typeof auditLogEntryResponse>;

export type VerifyAuditLogResult = z.infer<typeof verifyAuditLogResponse>;

export type AuditLogHead = z.infer<typeof auditLogHeadResponse>;

export type AuditLogPage = z.infer<typeof auditLogPageResponse>;
