import { describe, expect, it } from "vitest";
import { PREDEFINED_ROLES } from "../roles/predefined-roles";
import { abilityFor } from "./ability";
import { assertGrantable, canGrant } from "./assert-grantable";
import type { Policy } from "./permissions";

const role = (slug: string) => PREDEFINED_ROLES.find((candidate) => candidate.slug === slug)!.policies;
const policy = (action: Policy["action"], subject: Policy["subject"], conditions: Policy["conditions"] = {}): Policy => ({
  action,
  subject,
  conditions,
});

describe("a caller grants only what they hold", () => {
  it("lets manage:all grant every predefined role", () => {
    const superAdmin = abilityFor(role("predefined_super_admin"));
    for (const predefined of PREDEFINED_ROLES) expect(() => assertGrantable(superAdmin, predefined.policies, "this")).not.toThrow();
  });

  it("keeps an IT Administrator from handing out mail content, holds or manage:all", () => {
    const itAdmin = abilityFor(role("predefined_it_administrator"));
    expect(() => assertGrantable(itAdmin, role("predefined_compliance_officer"), "Assigning this role")).toThrow(
      /manage:holds, manage:retention, manage:dispositions, manage:ediscovery, read:archive, delete:archive/,
    );
    expect(canGrant(itAdmin, policy("manage", "all"))).toBe(false);
    expect(canGrant(itAdmin, policy("read", "archive"))).toBe(false);
    expect(() => assertGrantable(itAdmin, role("predefined_it_administrator"), "this")).not.toThrow();
  });

  it("counts manage on a subject as every action on it, never as another subject", () => {
    const officer = abilityFor(role("predefined_compliance_officer"));
    expect(canGrant(officer, policy("read", "holds"))).toBe(true);
    expect(canGrant(officer, policy("read", "users"))).toBe(false);
  });

  it("passes on a conditioned policy only under the same conditions", () => {
    const scoped = abilityFor([policy("read", "archive", { userEmail: "a@example.com" })]);
    expect(canGrant(scoped, policy("read", "archive", { userEmail: "a@example.com" }))).toBe(true);
    expect(canGrant(scoped, policy("read", "archive", { userEmail: "b@example.com" }))).toBe(false);
    expect(canGrant(scoped, policy("read", "archive"))).toBe(false);
  });
});
