import { describe, expect, it } from "vitest";
import { storedAuditActorSchema } from "../../audit/stored-audit-actor";
import { productionSettingsSchema } from "../../ediscovery/ediscovery.schemas";
import { searchQuerySchema } from "../../search/search.schemas";
import { AppError } from "../errors/app-error";
import { parseStoredJson } from "./stored-json";

const production = {
  bates: { prefix: "ACME", start: 1, digits: 6 },
  redact: [{ pattern: "secret-term", kind: "text", label: "Redacted" }],
  withhold: { tags: [{ id: "7d3f1c2e-0000-4000-8000-000000000001", name: "Privileged" }] },
  endorsement: null,
};

describe("parseStoredJson", () => {
  it("gives back a stored value that fits its column's schema, normalized queries unchanged", () => {
    const query = { query: "invoice", filters: { from: "a@example.com" }, matchingStrategy: "all" };
    expect(parseStoredJson(searchQuerySchema, query, "ediscovery_saved_searches.search_query")).toEqual(query);
    expect(parseStoredJson(productionSettingsSchema, production, "ediscovery_exports.production")).toEqual(production);
    const actor = { identifier: "admin@example.com", ip: "10.0.0.1", userId: "u1" };
    expect(parseStoredJson(storedAuditActorSchema, actor, "restore_runs.actor")).toEqual(actor);
  });

  it("refuses a malformed value loudly, naming the column and the field, never echoing the value", () => {
    const malformed = { ...production, redact: [{ pattern: "secret-term", kind: "glob", label: "Redacted" }] };
    let thrown: unknown;
    try {
      parseStoredJson(productionSettingsSchema, malformed, "ediscovery_exports.production");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe("INTERNAL");
    expect((thrown as AppError).message).toMatch(/^The stored ediscovery_exports\.production is malformed: .*redact\.0\.kind/);
    expect((thrown as AppError).message).not.toContain("secret-term");
    expect(() => parseStoredJson(storedAuditActorSchema, { identifier: 42 }, "restore_runs.actor")).toThrow(
      /restore_runs\.actor is malformed/,
    );
    expect(() => parseStoredJson(searchQuerySchema, "not an object", "restore_runs.search_query")).toThrow(/restore_runs\.search_query/);
  });
});
