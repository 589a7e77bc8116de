import { describe, expect, it } from "vitest";
import { dateBoundSchema, parseDateBound } from "./date-bound";

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
    expect(iso(parseDateBound("2024-03-01T10:00:00.123Z"))).toEqual({
      from: "2024-03-01T10:00:00.123Z",
      until: "2024-03-01T10:00:00.124Z",
    });
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

  it("accepts the first and last instants that can be stored, and caps the day after 9999-12-31", () => {
    expect(iso(parseDateBound("0001-01-01"))).toEqual({ from: "0001-01-01T00:00:00.000Z", until: "0001-01-02T00:00:00.000Z" });
    expect(iso(parseDateBound("9999-12-31"))).toEqual({ from: "9999-12-31T00:00:00.000Z", until: "9999-12-31T23:59:59.999Z" });
    expect(iso(parseDateBound("0001-01-01T01:00:00+01:00"))?.from).toBe("0001-01-01T00:00:00.000Z");
    expect(iso(parseDateBound("9999-12-31T23:59:59.999Z"))?.until).toBe("9999-12-31T23:59:59.999Z");
  });

  it.each([
    "0000-01-01",
    "0000-12-31T23:59:59.999Z",
    "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:00:00-02:00",
    "0000-01-01T00:00:00-23:59",
  ])("refuses %j, which PostgreSQL cannot be sent, with its own message", (text) => {
    expect(parseDateBound(text)).toBeNull();
    const result = dateBoundSchema("startDate").safeParse(text);
    expect(result.error?.issues[0].message).toBe("startDate must lie between 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z");
  });
});
