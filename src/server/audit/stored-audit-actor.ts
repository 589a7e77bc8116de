import { z } from "zod";
import type { AuditActor } from "./append-audit-entry";

/** A request's actor as a deferred job stores it (restore_runs.actor) to audit in its name later. */
export const storedAuditActorSchema = z.object({
  identifier: z.string(),
  ip: z.string(),
  userId: z.string().optional(),
  apiKeyId: z.string().optional(),
}) satisfies z.ZodType<AuditActor>;
