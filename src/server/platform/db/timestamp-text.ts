import pg from "pg";

const TIMESTAMPTZ_OID = 1184;

/**
 * A `timestamptz` as PostgreSQL writes it to a session in UTC with its default DateStyle (ISO):
 * `2026-11-30 21:05:54.722+00`, with up to six digits of fraction.
 */
const UTC_TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\+00$/;

const keepText = (value: string) => value;

/**
 * `pg`'s type parsers with `timestamptz` left as PostgreSQL's text, for statements whose rows go
 * straight out as JSON: a page of 20 summaries spent 40 `Date`s (parsed, then written back with
 * toISOString) on its two timestamps, 10 % of the list's Node time (docs/benchmarks.md, "REST reads").
 */
export const TIMESTAMPS_AS_TEXT = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMPTZ_OID && format !== "binary") return keepText;
    return format === "binary" ? pg.types.getTypeParser(oid, "binary") : pg.types.getTypeParser(oid, "text");
  },
};

/**
 * A timestamp as `Date.prototype.toISOString` writes it, from a `Date` or from the text of
 * TIMESTAMPS_AS_TEXT. UTC text is rewritten in place: its fraction cut to milliseconds as `Date`
 * cuts it. Any other text (a session in another time zone, a year past 9999, BC) goes through
 * `pg`'s own parser, so the answer is the same either way.
 */
export function isoTimestamp(value: Date | string): string {
  if (typeof value !== "string") return value.toISOString();
  if (!UTC_TIMESTAMP_TEXT.test(value)) return (pg.types.getTypeParser(TIMESTAMPTZ_OID, "text")(value) as Date).toISOString();
  const fraction = value.length > 22 ? value.slice(20, value.length - 3) : "";
  return `${value.slice(0, 10)}T${value.slice(11, 19)}.${fraction.slice(0, 3).padEnd(3, "0")}Z`;
}
