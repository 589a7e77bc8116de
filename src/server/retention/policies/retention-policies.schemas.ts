import { z } from "zod";
import { dispositionFieldsSchema } from "../dispositions/dispositions.schemas";
import { regexPatternProblem } from "../../platform/validation/regex-safety";
import { uuid } from "../../platform/validation/uuid";

export const CONDITION_FIELDS = ["sender", "recipient", "subject", "userEmail", "attachmentType", "hasAttachments"] as const;
export const CONDITION_OPS = ["equals", "contains", "startsWith", "endsWith", "domain", "matches"] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];
export type ConditionOp = (typeof CONDITION_OPS)[number];

export const MAX_PATTERN_LENGTH = 200;
export const MAX_VALUE_LENGTH = 500;
export const MAX_RULES = 50;

/** Fields holding addresses, the only ones where `domain` means something. */
const ADDRESS_FIELDS: ConditionField[] = ["sender", "recipient", "userEmail"];

const policyName = z.string().trim().min(1, "name must be 1-255 characters").max(255, "name must be 1-255 characters");
const description = z.string().max(1000, "description must be at most 1000 characters");
const retentionPeriodDays = z
  .number({ message: "retentionPeriodDays must be an integer >= 1" })
  .int("retentionPeriodDays must be an integer >= 1")
  .min(1, "retentionPeriodDays must be an integer >= 1")
  .max(365_000, "retentionPeriodDays must be at most 365000");
const priority = z
  .number({ message: "priority must be an integer" })
  .int("priority must be an integer")
  .min(-1_000_000, "priority must be between -1000000 and 1000000")
  .max(1_000_000, "priority must be between -1000000 and 1000000");

export const conditionRuleSchema = z
  .object({
    field: z.enum(CONDITION_FIELDS, { message: `field must be one of ${CONDITION_FIELDS.join(", ")}` }),
    op: z.enum(CONDITION_OPS, { message: `op must be one of ${CONDITION_OPS.join(", ")}` }),
    value: z.union([z.string(), z.boolean()], { message: "value must be a string (a boolean for hasAttachments)" }),
  })
  .strict()
  .superRefine((rule, context) => {
    const problem = ruleProblem(rule);
    if (problem) context.addIssue({ code: "custom", path: ["value"], message: problem });
  });

function ruleProblem(rule: { field: ConditionField; op: ConditionOp; value: string | boolean }): string | null {
  if (rule.field === "hasAttachments") {
    if (rule.op !== "equals") return "hasAttachments supports only the equals op";
    return typeof rule.value === "boolean" ? null : "hasAttachments needs a boolean value";
  }
  if (typeof rule.value !== "string") return `${rule.field} needs a string value`;
  if (rule.value.trim().length === 0) return "value must not be empty";
  if (rule.op === "domain") {
    if (!ADDRESS_FIELDS.includes(rule.field)) return `the domain op applies only to ${ADDRESS_FIELDS.join(", ")}`;
    if (!/^@?[^\s@]+$/.test(rule.value.trim())) return "domain must be a domain name such as example.com";
  }
  if (rule.op === "matches") {
    if (rule.value.length > MAX_PATTERN_LENGTH) return `a matches pattern is at most ${MAX_PATTERN_LENGTH} characters`;
    return regexPatternProblem(rule.value);
  }
  return rule.value.length > MAX_VALUE_LENGTH ? `value must be at most ${MAX_VALUE_LENGTH} characters` : null;
}

export const conditionGroupSchema = z
  .object({
    operator: z.enum(["AND", "OR"], { message: "operator must be AND or OR" }),
    rules: z.array(conditionRuleSchema).min(1, "rules must hold at least one rule").max(MAX_RULES, `at most ${MAX_RULES} rules`),
  })
  .strict();

export type ConditionRule = z.infer<typeof conditionRuleSchema>;
export type ConditionGroup = z.infer<typeof conditionGroupSchema>;

const ingestionSourceIds = z.array(uuid("ingestionSourceIds[]")).max(1000, "at most 1000 ingestion sources");

export const policyIdParamsSchema = z.object({ id: uuid("id") });

export const createPolicySchema = z.object({
  name: policyName,
  description: description.nullish(),
  priority: priority.optional().default(0),
  retentionPeriodDays,
  isEnabled: z.boolean({ message: "isEnabled must be a boolean" }).optional().default(true),
  conditions: conditionGroupSchema.nullish().transform((value) => value ?? null),
  ingestionSourceIds: ingestionSourceIds.optional().default([]),
  ...dispositionFieldsSchema,
});

export const updatePolicySchema = z
  .object({
    name: policyName.optional(),
    description: description.nullable().optional(),
    priority: priority.optional(),
    retentionPeriodDays: retentionPeriodDays.optional(),
    isEnabled: z.boolean({ message: "isEnabled must be a boolean" }).optional(),
    conditions: conditionGroupSchema.nullable().optional(),
    ingestionSourceIds: ingestionSourceIds.optional(),
    ...dispositionFieldsSchema,
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message:
      "at least one of name, description, priority, retentionPeriodDays, isEnabled, conditions, ingestionSourceIds, dispositionAction, reviewerIds, reviewerRoleId is required",
  });

export type CreatePolicyInput = z.infer<typeof createPolicySchema>;

/** A policy as the form would save it (`id` when editing one), for the impact preview. */
export const policyImpactSchema = createPolicySchema.extend({ id: uuid("id").optional() });
export type PolicyImpactInput = z.infer<typeof policyImpactSchema>;
export type UpdatePolicyInput = z.infer<typeof updatePolicySchema>;

export const emailStatusParamsSchema = z.object({ emailId: uuid("emailId") });

export const MAX_FORECAST_DAYS = 3650;
export const forecastQuerySchema = z.object({
  days: z.coerce
    .number({ message: `days must be an integer from 0 to ${MAX_FORECAST_DAYS}` })
    .int(`days must be an integer from 0 to ${MAX_FORECAST_DAYS}`)
    .min(0, `days must be an integer from 0 to ${MAX_FORECAST_DAYS}`)
    .max(MAX_FORECAST_DAYS, `days must be an integer from 0 to ${MAX_FORECAST_DAYS}`)
    .optional()
    .default(90),
});

export const listCyclesQuerySchema = z.object({
  limit: z.coerce
    .number({ message: "limit must be an integer from 1 to 500" })
    .int("limit must be an integer from 1 to 500")
    .min(1, "limit must be an integer from 1 to 500")
    .max(500, "limit must be an integer from 1 to 500")
    .optional()
    .default(20),
});
