import { describe, expect, it } from "vitest";
import { conditionsOf, newRow, rowsOf, withOperator, type Conditions } from "./condition-rows";
import { draftOf, parseDrafts } from "./policy-drafts";

describe("role conditions as form rows", () => {
  it("round-trips every condition the API accepts: rows from the JSON give back the same JSON", () => {
    const cases: Conditions[] = [
      {},
      { userEmail: "alice@example.com" },
      { userEmail: { $in: ["a@example.com", "b@example.com"] } },
      { senderEmail: { $in: ["boss@example.com"] } },
      { ingestionSourceId: "7d9c2b8e-4f0a-4c1b-9e3d-2a6f1b0c5d4e", userEmail: "x@example.com", senderEmail: { $in: ["y@example.com"] } },
    ];
    for (const conditions of cases) {
      const found = rowsOf(conditions);
      expect(found, JSON.stringify(conditions)).toHaveProperty("rows");
      if (!("rows" in found)) continue;
      expect(conditionsOf(found.rows)).toEqual({ conditions, errors: {} });
    }
    expect(rowsOf({ userEmail: { $in: ["a@example.com", "b@example.com"] } })).toEqual({
      rows: [{ field: "userEmail", operator: "in", values: ["a@example.com", "b@example.com"] }],
    });
  });

  it("builds the API's JSON from rows: trimmed values, one value of 'is' as a string, errors by row", () => {
    expect(
      conditionsOf([
        { field: "userEmail", operator: "in", values: [" a@example.com ", "", "b@example.com"] },
        { field: "ingestionSourceId", operator: "is", values: ["src-1"] },
      ]).conditions,
    ).toEqual({ userEmail: { $in: ["a@example.com", "b@example.com"] }, ingestionSourceId: "src-1" });
    expect(
      conditionsOf([
        { field: "senderEmail", operator: "is", values: ["  "] },
        { field: "userEmail", operator: "is", values: ["a@example.com"] },
        { field: "userEmail", operator: "is", values: ["b@example.com"] },
      ]).errors,
    ).toEqual({ 0: "Sender needs a value", 2: 'Mailbox is used twice: put its values in one "is one of" condition' });
    expect(newRow([{ field: "userEmail", operator: "is", values: ["a"] }]).field).toBe("ingestionSourceId");
    expect(withOperator({ field: "userEmail", operator: "in", values: ["a", "b"] }, "is").values).toEqual(["a"]);
  });

  it("does not offer rows for conditions it cannot show, and says why", () => {
    expect(rowsOf({ subject: "x" })).toEqual({ unsupported: expect.stringContaining('"subject" is not a field the form knows') });
    expect(rowsOf({ userEmail: { $nin: ["a"] } })).toEqual({ unsupported: expect.stringContaining("operator the form does not offer") });
    expect(rowsOf({ userEmail: { $in: ["a"], $eq: "b" } })).toHaveProperty("unsupported");
    expect(rowsOf({ userEmail: { $in: [1] } })).toHaveProperty("unsupported");
    expect(rowsOf(["userEmail"])).toHaveProperty("unsupported");
  });
});

describe("policy editor drafts", () => {
  it("turns drafts into policies, no rows meaning no conditions", () => {
    const result = parseDrafts([
      { action: "read", subject: "archive", rows: [{ field: "userEmail", operator: "in", values: ["a@example.com"] }] },
      { action: "read", subject: "audit", rows: [] },
    ]);
    expect(result.errors).toEqual({});
    expect(result.policies).toEqual([
      { action: "read", subject: "archive", conditions: { userEmail: { $in: ["a@example.com"] } } },
      { action: "read", subject: "audit", conditions: {} },
    ]);
  });

  it("reports each policy's errors under <policy>.<field>, and a row's under <policy>.conditions.<row>", () => {
    const result = parseDrafts([
      { action: "read", subject: "archive", rows: [{ field: "userEmail", operator: "is", values: [""] }] },
      { action: "read", subject: "audit", rows: [{ field: "userEmail", operator: "is", values: ["a@example.com"] }] },
      { action: "fly", subject: "archive", rows: [] },
    ]);
    expect(result.policies).toEqual([]);
    expect(result.errors["0.conditions.0"]).toBe("Mailbox needs a value");
    expect(result.errors["1.conditions"]).toBe("conditions are only supported on the archive subject");
    expect(result.errors["2.action"]).toMatch(/action must be one of/);
  });

  it("round-trips a stored policy through the editor; unsupported conditions are kept as they are", () => {
    const policy = { action: "read" as const, subject: "archive" as const, conditions: { senderEmail: "boss@example.com" } };
    expect(parseDrafts([draftOf(policy)]).policies).toEqual([policy]);
    expect(draftOf({ action: "manage", subject: "all", conditions: {} }).rows).toEqual([]);
    const legacy = draftOf({ action: "read", subject: "archive", conditions: { subject: "x" } });
    expect(legacy.unsupported?.reason).toMatch(/not a field the form knows/);
    // Kept as stored, so the server's own validation speaks for it.
    expect(parseDrafts([legacy]).errors["0.conditions"]).toBeDefined();
  });
});
