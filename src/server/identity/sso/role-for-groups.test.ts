import { describe, expect, it } from "vitest";
import { roleForGroups } from "./role-for-groups";

const AUDITOR = "11111111-1111-4111-8111-111111111111";
const ADMIN = "22222222-2222-4222-8222-222222222222";
const READER = "33333333-3333-4333-8333-333333333333";
const mapping = {
  mappings: [
    { group: "archive-admins", roleId: ADMIN },
    { group: "Archive-Auditors", roleId: AUDITOR },
  ],
  defaultRoleId: READER,
};

describe("roleForGroups", () => {
  it("takes the first rule in order whose group the user has, ignoring case", () => {
    expect(roleForGroups(mapping, ["archive-auditors", "ARCHIVE-ADMINS"])).toEqual({ roleId: ADMIN, matchedGroup: "archive-admins" });
    expect(roleForGroups(mapping, ["archive-auditors"])).toEqual({ roleId: AUDITOR, matchedGroup: "Archive-Auditors" });
  });

  it("falls back to the default role, or to none", () => {
    expect(roleForGroups(mapping, ["sales"])).toEqual({ roleId: READER, matchedGroup: null });
    expect(roleForGroups({ ...mapping, defaultRoleId: null }, [])).toEqual({ roleId: null, matchedGroup: null });
  });
});
