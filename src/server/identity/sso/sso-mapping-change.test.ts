import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roleForGroups } from "./role-for-groups";
import { ssoMappingChange } from "./sso-mapping-change";
import type { SsoRoleMapping } from "./sso.schemas";

const mapping = (rules: [string, string][], defaultRoleId: string | null = null): SsoRoleMapping => ({
  mappings: rules.map(([group, roleId]) => ({ group, roleId })),
  defaultRoleId,
});
/** A mapping written as "group=role|group=role|…", then its default role. */
const written = (rules: string, defaultRoleId: string | null = "reader") =>
  mapping(
    rules.split("|").map((rule) => rule.split("=") as [string, string]),
    defaultRoleId,
  );
const base = written("Admins=super|Compliance=officer|Staff=editor");
const changeTo = (rules: string, defaultRoleId: string | null = "reader") => ssoMappingChange(base, written(rules, defaultRoleId));

describe("the roles a replacement of the group mapping touches", () => {
  it("touches nothing when the mapping stays the same (group case and spaces aside)", () => {
    expect(changeTo("admins=super| COMPLIANCE =officer|staff=editor")).toEqual({ removes: [], assigns: [] });
  });

  it("counts a removed rule, a re-targeted role and a renamed group as taking the old role away", () => {
    expect(changeTo("Compliance=officer|Staff=editor").removes).toContain("super");
    expect(changeTo("Admins=editor|Compliance=officer|Staff=editor")).toEqual({ removes: ["super"], assigns: ["editor"] });
    expect(changeTo("Admins-old=super|Compliance=officer|Staff=editor").removes).toEqual(["super", "officer", "editor", "reader"]);
  });

  it("counts a rule inserted or moved ahead of another as re-targeting the ones behind it", () => {
    const shadowed = changeTo("Everyone=editor|Admins=super|Compliance=officer|Staff=editor");
    expect(shadowed.removes).toEqual(expect.arrayContaining(["super", "officer", "editor", "reader"]));
    expect(changeTo("Compliance=officer|Admins=super|Staff=editor").removes).toEqual(["super", "officer"]);
  });

  it("leaves the rules ahead of a change untouched, and the default only while the groups stay the same", () => {
    expect(changeTo("Admins=super|Compliance=officer|Staff=reader")).toEqual({ removes: ["editor"], assigns: ["reader"] });
    expect(changeTo("Admins=super|Compliance=officer|Staff=editor|Help=editor")).toEqual({
      removes: ["reader"],
      assigns: ["editor", "reader"],
    });
    expect(changeTo("Admins=super|Compliance=officer|Staff=editor", "officer")).toEqual({ removes: ["reader"], assigns: ["officer"] });
  });

  it("reports every role whose users change: an untouched rule decides for exactly the same users before and after", () => {
    const groups = ["a", "b", "c", "d"];
    const roles = ["r1", "r2", "r3"];
    const arbitraryMapping = fc
      .record({
        rules: fc.uniqueArray(fc.tuple(fc.constantFrom(...groups), fc.constantFrom(...roles)), {
          selector: ([group]) => group,
          maxLength: 4,
        }),
        fallback: fc.constantFrom(null, ...roles),
      })
      .map(({ rules, fallback }) => mapping(rules, fallback));
    fc.assert(
      fc.property(arbitraryMapping, arbitraryMapping, fc.subarray(groups), (before, after, held) => {
        const was = roleForGroups(before, held).roleId;
        const is = roleForGroups(after, held).roleId;
        if (was === is) return;
        const change = ssoMappingChange(before, after);
        if (was !== null) expect(change.removes).toContain(was);
        if (is !== null) expect(change.assigns).toContain(is);
      }),
      { numRuns: 5000 },
    );
  });
});
