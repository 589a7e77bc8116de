import { describe, expect, it } from "vitest";
import { draftOf, parseDrafts } from "./policy-drafts";

describe("policy editor drafts", () => {
  it("turns rows into policies, empty conditions meaning none", () => {
    const result = parseDrafts([
      { action: "read", subject: "archive", conditions: '{"userEmail": {"$in": ["a@example.com"]}}' },
      { action: "read", subject: "audit", conditions: "  " },
    ]);
    expect(result.errors).toEqual({});
    expect(result.policies).toEqual([
      { action: "read", subject: "archive", conditions: { userEmail: { $in: ["a@example.com"] } } },
      { action: "read", subject: "audit", conditions: {} },
    ]);
  });

  it("reports each row's errors under <row>.<field>, with the schema's messages", () => {
    const result = parseDrafts([
      { action: "read", subject: "archive", conditions: '{"userEmail": ' },
      { action: "read", subject: "audit", conditions: '{"userEmail": "a@example.com"}' },
      { action: "fly", subject: "archive", conditions: "" },
      { action: "read", subject: "archive", conditions: '{"subject": "x"}' },
    ]);
    expect(result.policies).toEqual([]);
    expect(result.errors["0.conditions"]).toMatch(/valid JSON/);
    expect(result.errors["1.conditions"]).toBe("conditions are only supported on the archive subject");
    expect(result.errors["2.action"]).toMatch(/action must be one of/);
    expect(result.errors["3.conditions"]).toBe("subject: is not a condition field (use userEmail, ingestionSourceId, senderEmail)");
  });

  it("round-trips a stored policy through the editor", () => {
    const policy = { action: "read" as const, subject: "archive" as const, conditions: { senderEmail: "boss@example.com" } };
    expect(parseDrafts([draftOf(policy)]).policies).toEqual([policy]);
    expect(draftOf({ action: "manage", subject: "all", conditions: {} }).conditions).toBe("");
  });
});
