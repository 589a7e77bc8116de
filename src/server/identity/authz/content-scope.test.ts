import { describe, expect, it } from "vitest";
import { abilityFor } from "./ability";
import { assertScopeCovers, contentScope, scopeCovers } from "./content-scope";

describe("scopeCovers", () => {
  const alice = [{ userEmail: "alice@example.com" }];
  it("lets an unrestricted caller cover anything, and a restricted one never an unrestricted production", () => {
    expect(scopeCovers(null, null)).toBe(true);
    expect(scopeCovers(null, alice)).toBe(true);
    expect(scopeCovers(alice, null)).toBe(false);
    expect(scopeCovers([], null)).toBe(false);
  });

  it("covers the same conditions however they are written, and narrower ones", () => {
    expect(scopeCovers([{ userEmail: "Alice@Example.COM" }], alice)).toBe(true);
    expect(scopeCovers([{ userEmail: { $in: ["alice@example.com", "bob@example.com"] } }], alice)).toBe(true);
    expect(scopeCovers(alice, [{ userEmail: "alice@example.com", senderEmail: "carol@example.com" }])).toBe(true);
    expect(scopeCovers([{ senderEmail: "x@example.com" }, { userEmail: "alice@example.com" }], alice)).toBe(true);
  });

  it("refuses wider or other conditions, and a caller with no scope anything but an empty production", () => {
    expect(scopeCovers(alice, [{ userEmail: { $in: ["alice@example.com", "bob@example.com"] } }])).toBe(false);
    expect(scopeCovers(alice, [{ senderEmail: "alice@example.com" }])).toBe(false);
    expect(scopeCovers(alice, [{ userEmail: "alice@example.com" }, { userEmail: "bob@example.com" }])).toBe(false);
    expect(scopeCovers([{ userEmail: "alice@example.com", senderEmail: "x@example.com" }], alice)).toBe(false);
    expect(scopeCovers([], alice)).toBe(false);
    expect(scopeCovers([], [])).toBe(true);
    expect(scopeCovers(alice, [])).toBe(true);
  });
});

describe("contentScope and assertScopeCovers", () => {
  it("reads read:archive's conditions for reading and restore:archive's for restoring, and names why it refuses", () => {
    const ability = abilityFor([
      { action: "read", subject: "archive", conditions: { userEmail: "alice@example.com" } },
      { action: "restore", subject: "archive", conditions: {} },
    ]);
    expect(contentScope(ability)).toEqual([{ userEmail: "alice@example.com" }]);
    expect(contentScope(ability, "restore")).toBeNull();
    expect(() => assertScopeCovers(ability, null, "The export")).toThrow(/without role conditions that your role's read:archive/);
    expect(() => assertScopeCovers(abilityFor([]), [], "The export")).not.toThrow();
    expect(() => assertScopeCovers(abilityFor([]), null, "The export")).toThrow(/may not read archived mail/);
  });
});
