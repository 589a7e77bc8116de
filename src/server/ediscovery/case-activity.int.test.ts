import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { createCaseVia, EDISCOVERY, reviewerPolicies } from "@tests/helpers/ediscovery";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { trpcHttp } from "@tests/helpers/trpc-http";

/** ediscovery.caseActivity: the case workspace's Activity tab. */
useEmptyDatabasePerTest();

const GHOST = "00000000-0000-4000-8000-000000000000";
const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
const activity = (input: unknown, user: TestUser) => trpcHttp("ediscovery.caseActivity", input, bearer(user));
interface ActivityPage {
  items: { id: number; targetType: string; targetId: string; details: Record<string, unknown> }[];
  next: number | null;
}
async function page(response: Response): Promise<ActivityPage> {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { result: { data: ActivityPage } }).result.data;
}

describe("ediscovery.caseActivity", () => {
  it("lists the case's own entries newest first by keyset pages, mail-revealing details redacted for restricted readers", async () => {
    const admin = await setupAdmin();
    const member = await createUserWithRole(admin.token, reviewerPolicies());
    const restricted = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: "alice@example.com" }));
    const matter = await createCaseVia(admin.token, { name: "Matter", memberIds: [member.user.id, restricted.user.id] });
    const other = await createCaseVia(admin.token, { name: "Other matter", memberIds: [member.user.id] });
    const tag = await api("POST", `${EDISCOVERY}/cases/${matter.id}/tags`, { token: admin.token, body: { name: "Responsive" } });
    expect(tag.status).toBe(201);
    await api("POST", `${EDISCOVERY}/cases/${other.id}/tags`, { token: admin.token, body: { name: "Elsewhere" } });
    const hold = await trpcHttp("legalHolds.create", { name: "Matter hold", caseId: matter.id }, bearer(admin));
    expect(hold.status, await hold.clone().text()).toBe(200);
    const holdId = ((await hold.json()) as { result: { data: { id: string } } }).result.data.id;

    const all = await page(await activity({ id: matter.id }, member));
    expect(all.items.map((entry) => [entry.targetType, entry.targetId])).toEqual([
      ["LegalHold", holdId],
      ["EdiscoveryTag", tag.body.id],
      ["EdiscoveryCase", matter.id],
    ]);
    expect(all.items.every((entry) => entry.details.caseId === matter.id)).toBe(true);
    expect(all.next).toBeNull();

    const first = await page(await activity({ id: matter.id, limit: 2 }, member));
    expect(first.items.map((entry) => entry.targetType)).toEqual(["LegalHold", "EdiscoveryTag"]);
    expect(first.next).toBe(first.items[1].id);
    const second = await page(await activity({ id: matter.id, limit: 2, cursor: first.next }, member));
    expect(second.items.map((entry) => entry.targetType)).toEqual(["EdiscoveryCase"]);
    expect(second.next).toBeNull();

    const seenRestricted = await page(await activity({ id: matter.id }, restricted));
    expect(seenRestricted.items.map((entry) => entry.details.redacted ?? false)).toEqual([false, true, true]);
  });

  it("shows the changes of the case's holds: update, release, deactivation, deletion; a hold moved to another case shows there", async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token, { name: "Hold matter" });
    const other = await createCaseVia(admin.token, { name: "Other hold matter" });
    const call = async (procedure: string, input: unknown) => {
      const response = await trpcHttp(procedure, input, bearer(admin));
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { result: { data: { id: string } } }).result.data;
    };
    const hold = await call("legalHolds.create", { name: "Custodian hold", caseId: matter.id });
    const moved = await call("legalHolds.create", { name: "Moved hold", caseId: matter.id });
    await call("legalHolds.update", { id: hold.id, reason: "Litigation" });
    await call("legalHolds.releaseAll", { id: hold.id });
    await call("legalHolds.update", { id: hold.id, isActive: false });
    await call("legalHolds.delete", { id: hold.id });
    await call("legalHolds.update", { id: moved.id, caseId: other.id });

    const entries = (await page(await activity({ id: matter.id }, admin))).items;
    expect(entries.filter((entry) => entry.targetType === "LegalHold").map((entry) => entry.targetId)).toEqual([
      hold.id,
      hold.id,
      hold.id,
      hold.id,
      moved.id,
      hold.id,
    ]);
    const otherEntries = (await page(await activity({ id: other.id }, admin))).items;
    expect(otherEntries.filter((entry) => entry.targetType === "LegalHold").map((entry) => entry.targetId)).toEqual([moved.id]);
  });

  it("answers 422 for bad input and 404 for an unknown case or a non-member", async () => {
    const admin = await setupAdmin();
    const outsider = await createUserWithRole(admin.token, reviewerPolicies());
    const matter = await createCaseVia(admin.token);
    for (const input of [{}, { id: "x" }, { id: matter.id, limit: 0 }, { id: matter.id, limit: 201 }, { id: matter.id, cursor: "x" }]) {
      expect((await activity(input, admin)).status, JSON.stringify(input)).toBe(422);
    }
    expect((await activity({ id: GHOST }, admin)).status).toBe(404);
    expect((await activity({ id: matter.id }, outsider)).status).toBe(404);
  });
});
