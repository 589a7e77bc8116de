import { z } from "zod";

export const AUDIT_LOG_MAX_LIMIT = 100;
/** Bounds OFFSET ((page - 1) * limit) well inside PostgreSQL's bigint and JS's safe integers. */
export const AUDIT_LOG_MAX_PAGE = 1_000_000_000;
const MAX_FILTER_LENGTH = 1000;

/** Query parameters that are sent empty (e.g. by a blank form field) mean "no filter". */
const optionalParam = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const positiveInteger = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,12}$/, `${name} must be a positive integer`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `${name} must be at least 1`)
        .max(max, `${name} must be at most ${max}`),
    );

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A moment range bound: a calendar date (YYYY-MM-DD, the whole UTC day) or an ISO 8601 date-time
 * (UTC when it has no offset). Returns the first millisecond the bound covers and the first one
 * after it, or null when the text is not a valid date.
 */
export function parseDateBound(text: string): { from: Date; until: Date } | null {
  const date = DATE_ONLY.exec(text);
  const dateTime = date ? null : DATE_TIME.exec(text);
  const parts = date ?? dateTime;
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const [hour, minute, second] = dateTime ? [Number(dateTime[4]), Number(dateTime[5]), Number(dateTime[6] ?? 0)] : [0, 0, 0];
  const millisecond = dateTime?.[7] ? Number(dateTime[7].slice(0, 3).padEnd(3, "0")) : 0;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day); // unlike Date.UTC, keeps years 0-99 as they are
  calendar.setUTCHours(hour, minute, second, millisecond);
  // 2024-02-30 rolls over to March: a changed day means the date does not exist.
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const utc = calendar.getTime();
  let offsetMinutes = 0;
  const zone = dateTime?.[8];
  if (zone && zone.toUpperCase() !== "Z") {
    const [offsetHours, offsetRest] = [Number(zone.slice(1, 3)), Number(zone.slice(4, 6))];
    if (offsetHours > 23 || offsetRest > 59) return null;
    offsetMinutes = (zone[0] === "-" ? -1 : 1) * (offsetHours * 60 + offsetRest);
  }
  const from = new Date(utc - offsetMinutes * 60_000);
  // Stored timestamps have millisecond precision, so "up to this date-time" is "before the next millisecond".
  return { from, until: new Date(from.getTime() + (date ? DAY_MS : 1)) };
}

const dateBound = (name: string) =>
  z.string().transform((text, context) => {
    const bound = parseDateBound(text);
    if (!bound) {
      context.addIssue({
        code: "custom",
        message: `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`,
      });
      return z.NEVER;
    }
    return bound;
  });

export const listAuditLogsQuerySchema = z
  .object({
    page: optionalParam(positiveInteger("page", AUDIT_LOG_MAX_PAGE)).default(1),
    limit: optionalParam(positiveInteger("limit", AUDIT_LOG_MAX_LIMIT)).default(20),
    startDate: optionalParam(dateBound("startDate")),
    endDate: optionalParam(dateBound("endDate")),
    actor: optionalParam(z.string().max(MAX_FILTER_LENGTH, `actor must be at most ${MAX_FILTER_LENGTH} characters`)),
    actorUserId: optionalParam(z.uuid({ message: "actorUserId must be a UUID" }).transform((id) => id.toLowerCase())),
    actionType: optionalParam(
      z.string().max(MAX_FILTER_LENGTH, `actionType must be at most ${MAX_FILTER_LENGTH} characters`),
    ),
    sort: optionalParam(z.enum(["asc", "desc"], { message: "sort must be asc or desc" })).default("desc"),
  })
  .superRefine((query, context) => {
    if (query.startDate && query.endDate && query.endDate.until <= query.startDate.from) {
      context.addIssue({ code: "custom", path: ["endDate"], message: "endDate must not be before startDate" });
    }
  })
  .transform((query) => ({
    page: query.page,
    limit: query.limit,
    sort: query.sort,
    actor: query.actor,
    actorUserId: query.actorUserId,
    actionType: query.actionType,
    /** Inclusive lower bound of the entry timestamp. */
    from: query.startDate?.from,
    /** Exclusive upper bound of the entry timestamp. */
    until: query.endDate?.until,
  }));

export type ListAuditLogsQuery = z.output<typeof listAuditLogsQuerySchema>;

export const auditLogEntryIdSchema = z.object({
  id: z.number({ message: "id must be a positive integer" }).int("id must be a positive integer").min(1, "id must be a positive integer").max(Number.MAX_SAFE_INTEGER),
});
