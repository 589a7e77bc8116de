import { z } from "zod";
import { count, timestamp } from "../platform/validation/response-fields";
import { THREAD_CLASSES } from "./classify-conversation";

export const threadClass = z.enum(THREAD_CLASSES);

/** A conversation as a tree: `parentId` null at the root; emails the caller may not read are left out. */
export const emailThreadResponse = z.object({
  id: z.uuid(),
  emails: z.array(
    z.object({
      id: z.uuid(),
      parentId: z.uuid().nullable(),
      subject: z.string(),
      from: z.string(),
      sentAt: timestamp,
      class: threadClass,
    }),
  ),
});
export type EmailThreadDto = z.input<typeof emailThreadResponse>;

export const analyticsStatusResponse = z.object({ pending: count, analysed: count, lastAnalysedAt: timestamp.nullable() });
export type AnalyticsStatusDto = z.input<typeof analyticsStatusResponse>;

export const caseAnalyticsResponse = z.object({
  emails: count,
  conversations: count,
  inclusive: count,
  inclusiveMinus: count,
  inclusiveCopy: count,
  none: count,
  nearDuplicateGroups: count,
  emailsInNearDuplicateGroups: count,
  /** Emails of the review set by primary language. */
  languages: z.record(z.string(), count),
  /** The share of the review set a reviewer need not read (inclusive copies and emails contained in a later one). */
  reviewReduction: z.number().min(0).max(1),
  /** Emails the worker has not analysed yet, counted in `emails` and in no class. */
  notAnalysed: count,
});
export type CaseAnalyticsDto = z.infer<typeof caseAnalyticsResponse>;
