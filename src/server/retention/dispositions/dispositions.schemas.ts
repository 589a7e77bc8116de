import { z } from "zod";
import { dateBoundSchema } from "../../platform/validation/date-bound";
import { searchQuerySchema } from "../../search/search.schemas";
import { storableText } from "../../platform/validation/storable-text";
import { uuid } from "../../platform/validation/uuid";

export const DISPOSITION_ACTIONS = ["delete", "review"] as const;
export type DispositionAction = (typeof DISPOSITION_ACTIONS)[number];
export const DISPOSITION_STATUSES = ["pending", "approved", "extended", "relabeled"] as const;
export type DispositionStatus = (typeof DISPOSITION_STATUSES)[number];
export const DISPOSITION_DECISIONS = ["approve", "extend", "relabel"] as const;

const dispositionAction = z.enum(DISPOSITION_ACTIONS, { message: "dispositionAction must be delete or review" });
const reviewerIds = z.array(uuid("reviewerIds[]")).max(100, "at most 100 reviewers");
const reviewerRoleId = uuid("reviewerRoleId");

/** The disposition fields labels and policies share; all optional, so the interface's bodies stay valid. */
export const dispositionFieldsSchema = {
  dispositionAction: dispositionAction.optional(),
  reviewerIds: reviewerIds.optional(),
  reviewerRoleId: reviewerRoleId.nullable().optional(),
};

export interface DispositionFieldsInput {
  dispositionAction?: DispositionAction;
  reviewerIds?: string[];
  reviewerRoleId?: string | null;
}

const positiveInt = (name: string, max: number) =>
  z.coerce
    .number({ message: `${name} must be an integer from 1 to ${max}` })
    .int(`${name} must be an integer from 1 to ${max}`)
    .min(1, `${name} must be an integer from 1 to ${max}`)
    .max(max, `${name} must be an integer from 1 to ${max}`);

export const listDispositionsQuerySchema = z.object({
  status: z.enum(DISPOSITION_STATUSES, { message: `status must be one of ${DISPOSITION_STATUSES.join(", ")}` }).optional(),
  /** The deciding rule's id (a label or a policy). */
  rule: uuid("rule").optional(),
  page: positiveInt("page", 1_000_000).optional().default(1),
  limit: positiveInt("limit", 500).optional().default(50),
});
export type ListDispositionsQuery = z.infer<typeof listDispositionsQuerySchema>;

export const decideDispositionsSchema = z
  .object({
    ids: z.array(uuid("ids[]")).min(1, "ids must hold at least one id").max(5000, "at most 5000 ids").optional(),
    searchQuery: searchQuerySchema.optional(),
    decision: z.enum(DISPOSITION_DECISIONS, { message: `decision must be one of ${DISPOSITION_DECISIONS.join(", ")}` }),
    days: positiveInt("days", 365_000).optional(),
    labelId: uuid("labelId").optional(),
    comment: z
      .string()
      .trim()
      .min(1, "comment is required (1-2000 characters)")
      .max(2000, "comment is required (1-2000 characters)")
      .transform(storableText),
  })
  .superRefine((value, context) => {
    if ((value.ids === undefined) === (value.searchQuery === undefined)) {
      context.addIssue({ code: "custom", path: ["ids"], message: "give exactly one of ids and searchQuery" });
    }
    if (value.decision === "extend" && value.days === undefined) {
      context.addIssue({ code: "custom", path: ["days"], message: "days is required to extend" });
    }
    if (value.decision === "relabel" && value.labelId === undefined) {
      context.addIssue({ code: "custom", path: ["labelId"], message: "labelId is required to relabel" });
    }
  });
export type DecideDispositionsInput = z.infer<typeof decideDispositionsSchema>;

/** `from` and `to` are inclusive bounds like the audit log's (a date covers its whole UTC day). */
export const certificateQuerySchema = z
  .object({ from: dateBoundSchema("from"), to: dateBoundSchema("to") })
  .refine((value) => value.from.from < value.to.until, { path: ["to"], message: "to must not be before from" })
  .transform((value) => ({ from: value.from.from, until: value.to.until }));
