import { z } from "zod";
import { DISPOSITION_ACTIONS } from "../dispositions/dispositions.schemas";
import { count, timestamp } from "../../platform/validation/response-fields";

export const lifecycleCycleResponse = z.object({
  id: z.string(),
  startedAt: timestamp,
  finishedAt: timestamp.nullable(),
  evaluated: count,
  deleted: count,
  protectedByHold: count,
  awaitingReview: count,
  failed: count,
  durationMs: z.number().nullable(),
  failures: z.array(z.unknown()),
});

/** A cycle requested now: its job's state, and once it ran, what the cycle did. */
export const cycleRequestResponse = z.object({
  id: z.uuid(),
  status: z.enum(["queued", "running", "finished", "failed"]),
  requestedBy: z.string().nullable(),
  requestedAt: timestamp,
  /** Why the last attempt failed (it is retried while `queued`), or why the request gave up (`failed`). */
  error: z.string().nullable(),
  cycle: lifecycleCycleResponse.nullable(),
});

const decidingRule = z.object({
  type: z.string(),
  id: z.string().nullable(),
  name: z.string().nullable(),
  retentionPeriodDays: z.number().int().nullable(),
});
const ruleRef = z.object({ type: z.string(), id: z.string(), name: z.string() });

export const emailRetentionStatusResponse = z.object({
  emailId: z.uuid(),
  sentAt: timestamp,
  holds: z.array(z.object({ legalHoldId: z.uuid(), holdName: z.string(), appliedAt: timestamp })),
  protectedByHold: z.boolean(),
  label: z
    .object({
      labelId: z.uuid(),
      labelName: z.string(),
      retentionPeriodDays: z.number().int(),
      isDisabled: z.boolean(),
      appliedAt: timestamp,
    })
    .nullable(),
  matchingPolicies: z.array(
    z.object({ id: z.uuid(), name: z.string(), priority: z.number().int(), retentionPeriodDays: z.number().int() }),
  ),
  decidingRule,
  eligibleAt: timestamp.nullable(),
  withoutHolds: z.object({ decidingRule, eligibleAt: timestamp.nullable() }),
  disposition: z.object({
    action: z.enum(DISPOSITION_ACTIONS).nullable(),
    reviewers: z.array(z.string()),
    open: z
      .object({ id: z.uuid(), status: z.enum(["pending", "approved"]), rule: ruleRef, dueAt: timestamp, decidedBy: z.string().nullable() })
      .nullable(),
    extendedUntil: timestamp.nullable(),
    deletesWhenDue: z.boolean(),
  }),
});

export const deletionForecastResponse = z.object({
  generatedAt: timestamp,
  days: z.number().int(),
  horizon: timestamp,
  total: count,
  dueNow: count,
  byRule: z.array(
    z.object({ type: z.enum(["label", "policy"]), id: z.string(), name: z.string(), retentionPeriodDays: z.number().int(), count }),
  ),
  byDay: z.array(z.object({ date: z.string(), count })),
  byWeek: z.array(z.object({ weekStart: z.string(), count })),
  reviews: z.object({
    awaitingDecision: count,
    upcoming: count,
    byRule: z.array(
      z.object({
        type: z.enum(["label", "policy"]),
        id: z.string(),
        name: z.string(),
        retentionPeriodDays: z.number().int(),
        awaitingDecision: count,
        upcoming: count,
      }),
    ),
  }),
});

export type CycleRequestDto = z.infer<typeof cycleRequestResponse>;

export type LifecycleCycleDto = z.infer<typeof lifecycleCycleResponse>;
