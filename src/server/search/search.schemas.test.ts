import { describe, expect, it } from "vitest";
import { AppError } from "../platform/errors/app-error";
import { normalizeSearchQuery, searchQuerySchema, searchRequestSchema } from "./search.schemas";

const SOURCE = "0b8f5a1e-54a4-4c3e-9d62-6f1f2a0c9e11";

function fieldErrors(input: unknown): string[] {
  try {
    normalizeSearchQuery(input);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("VALIDATION");
    return (error as AppError).fieldErrors!.map((fieldError) => fieldError.field);
  }
  throw new Error("expected a validation error");
}

describe("normalizeSearchQuery", () => {
  it("fills the defaults", () => {
    expect(normalizeSearchQuery({ query: "" })).toEqual({ query: "", filters: {}, matchingStrategy: "last" });
    expect(normalizeSearchQuery({ query: "x", filters: null, matchingStrategy: null })).toEqual({
      query: "x",
      filters: {},
      matchingStrategy: "last",
    });
  });

  it("trims, lower-cases addresses, drops blank filters, and writes date-times as UTC instants", () => {
    expect(
      normalizeSearchQuery({
        query: "  budget report ",
        filters: {
          endDate: "2024-03-02T10:00+02:00",
          from: " Alice@Example.COM ",
          to: "",
          userEmail: null,
          ingestionSourceId: SOURCE.toUpperCase(),
          hasAttachments: "false",
          startDate: "2024-03-01",
        },
        matchingStrategy: "frequency",
      }),
    ).toEqual({
      query: "budget report",
      filters: {
        from: "alice@example.com",
        ingestionSourceId: SOURCE,
        hasAttachments: false,
        startDate: "2024-03-01",
        endDate: "2024-03-02T08:00:00.000Z",
      },
      matchingStrategy: "frequency",
    });
  });

  it("orders filter keys the same way whatever the input order", () => {
    const a = normalizeSearchQuery({ query: "", filters: { to: "b@x.org", from: "a@x.org" } });
    const b = normalizeSearchQuery({ query: "", filters: { from: "a@x.org", to: "b@x.org" } });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(Object.keys(a.filters)).toEqual(["from", "to"]);
  });

  it("is idempotent", () => {
    const once = normalizeSearchQuery({
      query: ' "quarterly report" ',
      filters: { from: "A@B.C", startDate: "2024-01-01T00:00:00-05:00", endDate: "2024-02-01", hasAttachments: true },
      matchingStrategy: "all",
    });
    expect(normalizeSearchQuery(once)).toEqual(once);
  });

  it.each([
    [{}, "query"],
    [{ query: 5 }, "query"],
    [{ query: "x".repeat(1001) }, "query"],
    [{ query: "", matchingStrategy: "first" }, "matchingStrategy"],
    [{ query: "", filters: { subject: "x" } }, "filters.subject"],
    [{ query: "", filters: "from:alice" }, "filters"],
    [{ query: "", filters: { ingestionSourceId: "abc" } }, "filters.ingestionSourceId"],
    [{ query: "", filters: { hasAttachments: "yes" } }, "filters.hasAttachments"],
    [{ query: "", filters: { startDate: "2023-02-29" } }, "filters.startDate"],
    [{ query: "", filters: { endDate: "03/01/2024" } }, "filters.endDate"],
    [{ query: "", filters: { startDate: "2024-03-02", endDate: "2024-03-01" } }, "filters.endDate"],
    [{ query: "", filters: { from: "x".repeat(321) } }, "filters.from"],
    [{ query: "", sort: "asc" }, "sort"],
  ])("rejects %j (field %s)", (input, field) => {
    expect(fieldErrors(input)).toContain(field);
  });

  it("accepts the same start and end date (one whole day)", () => {
    expect(normalizeSearchQuery({ query: "", filters: { startDate: "2024-03-01", endDate: "2024-03-01" } }).filters).toEqual({
      startDate: "2024-03-01",
      endDate: "2024-03-01",
    });
  });

  it("is what searchQuerySchema outputs", () => {
    expect(searchQuerySchema.parse({ query: " a " })).toEqual(normalizeSearchQuery({ query: "a" }));
  });
});

describe("searchRequestSchema (GET /v1/search)", () => {
  it("accepts the result window's last page and ten terms (a phrase is one, punctuation none)", () => {
    expect(searchRequestSchema.parse({ page: "100", limit: "100" })).toMatchObject({ page: 100, limit: 100 });
    expect(searchRequestSchema.parse({ page: "500" })).toMatchObject({ page: 500, limit: 20 });
    for (const query of ["a b c d e f g h i j", 'a b c d e f g h i "j k l m"', "a b c d e f g h i j & | ! -"]) {
      expect(searchRequestSchema.parse({ query }).searchQuery.query).toBe(query);
    }
  });

  it("defaults page 1, limit 20 and an empty query", () => {
    expect(searchRequestSchema.parse({})).toEqual({
      searchQuery: { query: "", filters: {}, matchingStrategy: "last" },
      page: 1,
      limit: 20,
    });
  });

  it("maps flat parameters to the normalized query", () => {
    expect(
      searchRequestSchema.parse({ query: "x", from: "A@B.C", hasAttachments: "true", page: "3", limit: "100", matchingStrategy: "all" }),
    ).toEqual({
      searchQuery: { query: "x", filters: { from: "a@b.c", hasAttachments: true }, matchingStrategy: "all" },
      page: 3,
      limit: 100,
    });
  });

  it.each([
    [{ limit: "101" }, "limit"],
    [{ limit: "0" }, "limit"],
    [{ page: "-1" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ filters: "x" }, "filters"],
    [{ unknown: "1" }, "unknown"],
    [{ page: "101", limit: "100" }, "page"],
    [{ page: "501" }, "page"],
    [{ page: "1000000", limit: "100" }, "page"],
    [{ query: "a b c d e f g h i j k" }, "query"],
    [{ query: 'a b c d e f g h i j "k l"' }, "query"],
  ])("rejects %j", (input, field) => {
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join("."))).toContain(field);
  });
});
