import { z } from "zod";

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instants a bound may name: years 1 to 9999 in UTC. Timestamps travel to PostgreSQL as ISO
 * strings, which have no year 0 and no five-digit years; nothing the archive stores lies outside
 * (a sentAt in the future becomes the archiving time, audit entries are stamped now).
 */
export const EARLIEST_BOUND = new Date("0001-01-01T00:00:00.000Z");
export const LATEST_BOUND = new Date("9999-12-31T23:59:59.999Z");

export interface DateBound {
  /** The first millisecond the bound covers. */
  from: Date;
  /** The first millisecond after it (at most LATEST_BOUND: nothing stored is later). */
  until: Date;
  /** A calendar date as written (it means the whole UTC day); a date-time as its UTC instant. */
  normalized: string;
}

type Parsed = DateBound | "malformed" | "out of range";

function parse(text: string): Parsed {
  const date = DATE_ONLY.exec(text);
  const dateTime = date ? null : DATE_TIME.exec(text);
  const parts = date ?? dateTime;
  if (!parts) return "malformed";
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const [hour, minute, second] = dateTime ? [Number(dateTime[4]), Number(dateTime[5]), Number(dateTime[6] ?? 0)] : [0, 0, 0];
  const millisecond = dateTime?.[7] ? Number(dateTime[7].slice(0, 3).padEnd(3, "0")) : 0;
  if (hour > 23 || minute > 59 || second > 59) return "malformed";
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day); // unlike Date.UTC, keeps years 0-99 as they are
  calendar.setUTCHours(hour, minute, second, millisecond);
  // 2024-02-30 rolls over to March: a changed day means the date does not exist.
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return "malformed";
  let offsetMinutes = 0;
  const zone = dateTime?.[8];
  if (zone && zone.toUpperCase() !== "Z") {
    const [offsetHours, offsetRest] = [Number(zone.slice(1, 3)), Number(zone.slice(4, 6))];
    if (offsetHours > 23 || offsetRest > 59) return "malformed";
    offsetMinutes = (zone[0] === "-" ? -1 : 1) * (offsetHours * 60 + offsetRest);
  }
  // An offset can move a date in year 1 or 9999 out of the range (0001-01-01T00:00:00+01:00).
  const from = new Date(calendar.getTime() - offsetMinutes * 60_000);
  if (from < EARLIEST_BOUND || from > LATEST_BOUND) return "out of range";
  // Stored timestamps have millisecond precision, so "up to this date-time" is "before the next millisecond".
  const until = new Date(Math.min(from.getTime() + (date ? DAY_MS : 1), LATEST_BOUND.getTime()));
  return { from, until, normalized: date ? text : from.toISOString() };
}

/**
 * A moment range bound: a calendar date (YYYY-MM-DD, the whole UTC day) or an ISO 8601 date-time
 * (UTC when it has no offset); null when the text is not a date within the range.
 */
export function parseDateBound(text: string): DateBound | null {
  const parsed = parse(text);
  return typeof parsed === "string" ? null : parsed;
}

/** The one schema of every date filter (search, bulk apply, audit log): 422 for what cannot be stored. */
export const dateBoundSchema = (name: string) =>
  z.string({ message: `${name} must be a string` }).transform((text, context) => {
    const parsed = parse(text);
    if (parsed === "malformed") {
      context.addIssue({ code: "custom", message: `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date-time` });
      return z.NEVER;
    }
    if (parsed === "out of range") {
      context.addIssue({
        code: "custom",
        message: `${name} must lie between ${EARLIEST_BOUND.toISOString()} and ${LATEST_BOUND.toISOString()}`,
      });
      return z.NEVER;
    }
    return parsed;
  });
