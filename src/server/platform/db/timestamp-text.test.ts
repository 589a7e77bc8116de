import pg from "pg";
import { describe, expect, it } from "vitest";
import { isoTimestamp, TIMESTAMPS_AS_TEXT } from "./timestamp-text";

/** What the answer was before: pg's own parser, then Date's ISO form. */
const throughDate = (text: string) => (pg.types.getTypeParser(1184, "text")(text) as Date).toISOString();

describe("isoTimestamp", () => {
  it("writes PostgreSQL's UTC text exactly as a Date parsed from it would, at every precision", () => {
    const texts = [
      "2026-11-30 21:05:54+00",
      "2026-11-30 21:05:54.7+00",
      "2026-11-30 21:05:54.72+00",
      "2026-11-30 21:05:54.722+00",
      "2026-11-30 21:05:54.7229+00",
      "2026-11-30 21:05:54.722999+00",
      "2026-11-30 21:05:54.000001+00",
      "1970-01-01 00:00:00+00",
      "0001-01-01 00:00:00+00",
      "9999-12-31 23:59:59.999999+00",
      "2024-02-29 12:00:00.5+00",
    ];
    for (const text of texts) expect(isoTimestamp(text), text).toBe(throughDate(text));
  });

  it("leaves other zones, BC and years past 9999 to pg's parser, with the same answer", () => {
    const texts = ["2026-11-30 23:05:54.722+02", "2026-11-30 16:35:54.1-04:30", "0044-03-15 12:00:00+00 BC", "12026-01-01 00:00:00+00"];
    for (const text of texts) expect(isoTimestamp(text), text).toBe(throughDate(text));
    expect(isoTimestamp("2026-11-30 23:05:54.722+02")).toBe("2026-11-30T21:05:54.722Z");
  });

  it("passes Dates through toISOString", () => {
    const date = new Date(Date.UTC(2026, 10, 30, 21, 5, 54, 722));
    expect(isoTimestamp(date)).toBe("2026-11-30T21:05:54.722Z");
  });

  it("keeps timestamptz as text and every other type as pg parses it", () => {
    expect(TIMESTAMPS_AS_TEXT.getTypeParser(1184, "text")("2026-11-30 21:05:54+00")).toBe("2026-11-30 21:05:54+00");
    expect(TIMESTAMPS_AS_TEXT.getTypeParser(20, "text")("42")).toBe(pg.types.getTypeParser(20, "text")("42"));
    expect(TIMESTAMPS_AS_TEXT.getTypeParser(1114, "text")).toBe(pg.types.getTypeParser(1114, "text"));
  });
});
