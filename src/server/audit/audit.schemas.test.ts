import { describe, expect, it } from "vitest";
import { parseDateBound } from "./audit.schemas";

const iso = (bound: { from: Date; until: Date } | null) => bound && { from: bound.from.toISOString(), until: bound.until.toISOString() };

describe("parseDateBound", () => {
  it("turns a calendar date into its whole UTC day", () => {
    expect(iso(parseDateBound("2024-02-29"))).toEqual({ from: "2024-02-29T00:00:00.000Z", until: "2024-03-01T00:00:00.000Z" });
    expect(iso(parseDateBound("2023-12-31"))).toEqual({ from: "2023-12-31T00:00:00.000Z", until: "2024-01-01T00:00:00.000Z" });
  });

  it("keeps years below 100 as written", () => {
    expect(parseDateBound("0050-06-01")?.from.getUTCFullYear()).toBe(50);
  });

  it("turns a date-time into that millisecond, honouring its offset and defaulting to UTC", () => {
    expect(iso(parseDateBound("2024-03-01T10:00:00.123Z"))).toEqual({ from: "2024-03-01T10:00:00.123Z", until: "2024-03-01T10:00:00.124Z" });
    expect(parseDateBound("2024-03-01T10:00+05:30")?.from.toISOString()).toBe("2024-03-01T04:30:00.000Z");
    expect(parseDateBound("2024-03-01T00:00:00-01:00")?.from.toISOString()).toBe("2024-03-01T01:00:00.000Z");
    expect(parseDateBound("2024-03-01T10:00:00")?.from.toISOString()).toBe("2024-03-01T10:00:00.000Z");
    expect(parseDateBound("2024-03-01t10:00:00.123456789z")?.from.toISOString()).toBe("2024-03-01T10:00:00.123Z");
  });

  it.each([
    "2023-02-29",
    "2024-04-31",
    "2024-13-01",
    "2024-00-10",
    "2024-1-1",
    "20240101",
    "2024-03-01T24:00:00Z",
    "2024-03-01T10:60:00Z",
    "2024-03-01T10:00:60Z",
    "2024-03-01T10:00:00+24:00",
    "2024-03-01T10:00:00+0100",
    "2024-03-01 10:00:00Z",
    "1709287200000",
    "",
    " 2024-03-01",
  ])("rejects %j", (text) => {
    expect(parseDateBound(text)).toBeNull();
  });
});
