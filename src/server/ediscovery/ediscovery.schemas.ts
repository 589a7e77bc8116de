import { z } from "zod";
import type { ProductionSettings } from "./pdf/production-settings";
import { searchQuerySchema } from "../search/search.schemas";
import { uuid } from "../platform/validation/uuid";
import { regexPatternProblem } from "../platform/validation/regex-safety";

const name = z.string().trim().min(1, "name must be 1-255 characters").max(255, "name must be 1-255 characters");
const description = z.string().max(2000, "description must be at most 2000 characters");
const custodians = z
  .array(z.email({ message: "custodians must be email addresses" }).max(320), { message: "custodians must be an array of email addresses" })
  .max(1000, "custodians must list at most 1000 addresses")
  .transform((addresses) => [...new Set(addresses.map((address) => address.toLowerCase()))]);
const memberIds = z
  .array(uuid("memberIds"), { message: "memberIds must be an array of user ids" })
  .max(1000, "memberIds must list at most 1000 users")
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

export const CASE_STATUSES = ["open", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const caseIdParamsSchema = z.object({ id: uuid("id") });
export const caseSearchParamsSchema = caseIdParamsSchema.extend({ searchId: uuid("searchId") });
export const caseTagParamsSchema = caseIdParamsSchema.extend({ tagId: uuid("tagId") });
export const caseExportParamsSchema = caseIdParamsSchema.extend({ exportId: uuid("exportId") });

export const createCaseSchema = z.object({
  name,
  description: description.nullish(),
  custodians: custodians.optional(),
  memberIds: memberIds.optional(),
});

export const updateCaseSchema = z
  .object({
    name: name.optional(),
    description: description.nullable().optional(),
    status: z.enum(CASE_STATUSES, { message: "status must be open or closed" }).optional(),
    custodians: custodians.optional(),
    memberIds: memberIds.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "at least one of name, description, status, custodians, memberIds is required",
  });

export const savedSearchSchema = z.object({
  name,
  searchQuery: searchQuerySchema,
  /** A saved search runs within the case's custodians' mailboxes unless this says otherwise. */
  ignoreCustodians: z.boolean({ message: "ignoreCustodians must be true or false" }).optional(),
});
export const updateSavedSearchSchema = z
  .object({ name: name.optional(), searchQuery: searchQuerySchema.optional(), ignoreCustodians: z.boolean().optional() })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "at least one of name, searchQuery, ignoreCustodians is required",
  });

export const createTagSchema = z.object({ name });

export const TAG_APPLY_MAX_EMAIL_IDS = 10_000;
export const applyTagSchema = z.union(
  [
    z.object({ emailIds: z.array(uuid("emailIds")).min(1, "emailIds must not be empty").max(TAG_APPLY_MAX_EMAIL_IDS) }).strict(),
    z.object({ searchId: uuid("searchId") }).strict(),
  ],
  { message: "give either emailIds or searchId" },
);
export const removeTagSchema = z.object({
  emailIds: z.array(uuid("emailIds")).min(1, "emailIds must not be empty").max(TAG_APPLY_MAX_EMAIL_IDS),
});

export const TAGGED_PAGE_MAX = 200;
/** The case's tagged emails, newest first, paged by keyset (`cursor` is the previous page's `next`). */
export const listTaggedSchema = z.object({
  tagId: uuid("tagId").optional(),
  emailIds: z.array(uuid("emailIds")).min(1, "emailIds must not be empty").max(TAGGED_PAGE_MAX).optional(),
  cursor: z.object({ sentAt: z.iso.datetime({ message: "cursor.sentAt must be an ISO date-time" }), id: uuid("cursor.id") }).nullish(),
  limit: z.number().int().min(1).max(TAGGED_PAGE_MAX, `limit must be at most ${TAGGED_PAGE_MAX}`).default(50),
  /** Only the emails a reviewer must read: inclusive and inclusive minus (and those not analysed yet). */
  inclusiveOnly: z.boolean().optional(),
});

/** The case's audit entries, newest first, paged by keyset (`cursor` is the previous page's `next`, an entry id). */
export const caseActivitySchema = z.object({
  cursor: z.number().int().positive().nullish(),
  limit: z.number().int().min(1).max(TAGGED_PAGE_MAX, `limit must be at most ${TAGGED_PAGE_MAX}`).default(50),
});

export const EXPORT_FORMATS = ["eml", "mbox", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportSourceSchema = z.union(
  [
    z.object({ searchId: uuid("searchId") }).strict(),
    z.object({ searchQuery: searchQuerySchema }).strict(),
    z.object({ holdId: uuid("holdId") }).strict(),
    z.object({ tagId: uuid("tagId") }).strict(),
  ],
  { message: "source must be one of {searchId}, {searchQuery}, {holdId}, {tagId}" },
);
export type ExportSource = z.infer<typeof exportSourceSchema>;

export const REDACTION_MAX_PATTERNS = 100;
const REDACTION_PATTERN_MAX = 500;
/** Stamped with a standard PDF font (WinAnsi): printable Latin-1. */
const LATIN1_PRINTABLE = /^[\x20-\x7e\u00a0-\u00ff]+$/;

const batesSchema = z
  .object({
    prefix: z.string().regex(/^[A-Z0-9_-]{1,20}$/, "bates.prefix must be 1-20 characters of A-Z, 0-9, _ and -"),
    start: z
      .number({ message: "bates.start must be an integer >= 1" })
      .int("bates.start must be an integer >= 1")
      .min(1, "bates.start must be an integer >= 1")
      .max(2_000_000_000, "bates.start must be at most 2000000000"),
    digits: z
      .number({ message: "bates.digits must be an integer from 6 to 10" })
      .int("bates.digits must be an integer from 6 to 10")
      .min(6, "bates.digits must be an integer from 6 to 10")
      .max(10, "bates.digits must be an integer from 6 to 10"),
  })
  .strict();

const redactionSchema = z
  .object({
    pattern: z
      .string()
      .min(1, "redact[].pattern must not be empty")
      .max(REDACTION_PATTERN_MAX, `redact[].pattern must be at most ${REDACTION_PATTERN_MAX} characters`),
    kind: z.enum(["text", "regex"], { message: "redact[].kind must be text or regex" }),
    label: z.string().trim().min(1, "redact[].label must be 1-40 characters").max(40, "redact[].label must be 1-40 characters").optional(),
  })
  .strict()
  .superRefine((rule, context) => {
    if (rule.kind === "text" && rule.pattern.trim() === "")
      context.addIssue({ code: "custom", path: ["pattern"], message: "redact[].pattern must not be blank" });
    if (rule.kind !== "regex") return;
    const problem = regexPatternProblem(rule.pattern, "redact[].pattern");
    if (problem) return context.addIssue({ code: "custom", path: ["pattern"], message: problem });
    if (new RegExp(rule.pattern, "iu").test(""))
      context.addIssue({ code: "custom", path: ["pattern"], message: "redact[].pattern must not match empty text" });
  });
export type RedactionRule = z.infer<typeof redactionSchema>;

const PRODUCTION_FIELDS = ["bates", "redact", "withhold", "endorsement"] as const;

export const createExportSchema = z
  .object({
    name,
    source: exportSourceSchema,
    format: z.enum(EXPORT_FORMATS, { message: "format must be eml, mbox or pdf" }),
    includeAttachmentText: z.boolean({ message: "includeAttachmentText must be true or false" }).optional(),
    /** Review analytics (docs/ediscovery.md): produce only inclusive and inclusive-minus emails, each with its attachments. */
    inclusiveOnly: z.boolean({ message: "inclusiveOnly must be true or false" }).optional(),
    /** format pdf only (docs/ediscovery.md, "PDF productions"). */
    bates: batesSchema.optional(),
    redact: z
      .array(redactionSchema, { message: "redact must be an array of {pattern, kind, label?}" })
      .max(REDACTION_MAX_PATTERNS, `redact must list at most ${REDACTION_MAX_PATTERNS} patterns`)
      .optional(),
    withhold: z
      .object({
        tags: z
          .array(name, { message: "withhold.tags must be an array of tag names" })
          .max(100, "withhold.tags must list at most 100 tags"),
      })
      .strict()
      .optional(),
    endorsement: z
      .string()
      .trim()
      .min(1, "endorsement must be 1-80 characters")
      .max(80, "endorsement must be 1-80 characters")
      .regex(LATIN1_PRINTABLE, "endorsement must be printable Latin-1 text")
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.format === "pdf" && input.includeAttachmentText)
      context.addIssue({
        code: "custom",
        path: ["includeAttachmentText"],
        message: "includeAttachmentText applies to eml and mbox (a PDF production has text/)",
      });
    if (input.format === "pdf" && !input.bates)
      context.addIssue({ code: "custom", path: ["bates"], message: "bates is required for format pdf" });
    if (input.format !== "pdf")
      for (const field of PRODUCTION_FIELDS)
        if (input[field] !== undefined) context.addIssue({ code: "custom", path: [field], message: `${field} applies to format pdf only` });
  });

export type CreateCaseInput = z.infer<typeof createCaseSchema>;
export type UpdateCaseInput = z.infer<typeof updateCaseSchema>;
export type SavedSearchInput = z.infer<typeof savedSearchSchema>;
export type UpdateSavedSearchInput = z.infer<typeof updateSavedSearchSchema>;
export type ApplyTagInput = z.infer<typeof applyTagSchema>;
export type CreateExportInput = z.infer<typeof createExportSchema>;
export type ListTaggedInput = z.infer<typeof listTaggedSchema>;
export type CaseActivityInput = z.infer<typeof caseActivitySchema>;

export const nameKey = (value: string) => value.trim().toLowerCase();

/** A PDF production's settings as the export record keeps them (ediscovery_exports.production). */
export const productionSettingsSchema = z.object({
  bates: z.object({ prefix: z.string(), start: z.number().int().min(0), digits: z.number().int().min(1) }),
  redact: z.array(z.object({ pattern: z.string(), kind: z.enum(["text", "regex"]), label: z.string() })),
  withhold: z.object({ tags: z.array(z.object({ id: z.string(), name: z.string() })) }),
  endorsement: z.string().nullable(),
}) satisfies z.ZodType<ProductionSettings>;
