import { z } from "zod";
import { dateBoundSchema } from "../platform/validation/date-bound";
import { auditActionTypeSchema } from "./audit-vocabulary";

export const AUDIT_LOG_MAX_LIMIT = 100;
/** Bounds OFFSET ((page - 1) * limit) well inside PostgreSQL's bigint and JS's safe integers. */
export const AUDIT_LOG_MAX_PAGE = 1_000_000_000;
const MAX_FILTER_LENGTH = 1000;

/** Query parameters that are sent empty (e.g. by a blank form field) mean "no filter". */
const optionalParam = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const positiveInteger = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,12}$/, `${name} must be a positive integer`)
    .transform(Number)
    .pipe(z.number().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`));

/** The filters the list and the export share. */
const auditFilterFields = {
  startDate: optionalParam(dateBoundSchema("startDate")),
  endDate: optionalParam(dateBoundSchema("endDate")),
  actor: optionalParam(z.string().max(MAX_FILTER_LENGTH, `actor must be at most ${MAX_FILTER_LENGTH} characters`)),
  actorUserId: optionalParam(z.uuid({ message: "actorUserId must be a UUID" }).transform((id) => id.toLowerCase())),
  actionType: optionalParam(auditActionTypeSchema),
};

function datesInOrder(query: { startDate?: { from: Date }; endDate?: { until: Date } }, context: z.RefinementCtx): void {
  if (query.startDate && query.endDate && query.endDate.until <= query.startDate.from) {
    context.addIssue({ code: "custom", path: ["endDate"], message: "endDate must not be before startDate" });
  }
}

type ParsedFilters = z.output<z.ZodObject<typeof auditFilterFields>>;

/** The parsed filters as the queries take them. */
function filterValues(query: ParsedFilters) {
  return {
    actor: query.actor,
    actorUserId: query.actorUserId,
    actionType: query.actionType,
    /** Inclusive lower bound of the entry timestamp. */
    from: query.startDate?.from,
    /** Exclusive upper bound of the entry timestamp. */
    until: query.endDate?.until,
  };
}

export const listAuditLogsQuerySchema = z
  .object({
    page: optionalParam(positiveInteger("page", AUDIT_LOG_MAX_PAGE)).default(1),
    limit: optionalParam(positiveInteger("limit", AUDIT_LOG_MAX_LIMIT)).default(20),
    ...auditFilterFields,
    sort: optionalParam(z.enum(["asc", "desc"], { message: "sort must be asc or desc" })).default("desc"),
  })
  .superRefine(datesInOrder)
  .transform((query) => ({ page: query.page, limit: query.limit, sort: query.sort, ...filterValues(query) }));

export type ListAuditLogsQuery = z.output<typeof listAuditLogsQuerySchema>;

export const AUDIT_EXPORT_FORMATS = ["csv", "jsonl"] as const;

/** The export: the list's filters, the whole matching log in chain order, as CSV (default) or JSON Lines. */
export const exportAuditLogsQuerySchema = z
  .object({
    ...auditFilterFields,
    format: optionalParam(z.enum(AUDIT_EXPORT_FORMATS, { message: "format must be csv or jsonl" })).default("csv"),
  })
  .superRefine(datesInOrder)
  .transform((query) => ({ format: query.format, ...filterValues(query) }));

export type ExportAuditLogsQuery = z.output<typeof exportAuditLogsQuerySchema>;

export const auditLogEntryIdSchema = z.object({
  id: z
    .number({ message: "id must be a positive integer" })
    .int("id must be a positive integer")
    .min(1, "id must be a positive integer")
    .max(Number.MAX_SAFE_INTEGER),
});
