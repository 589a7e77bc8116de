import { describe, expect, it } from "vitest";
import { insertTestEmail } from "@tests/helpers/emails";
import { setupAdmin } from "@tests/helpers/auth";
import { applyHold, applyLabel, createHold, createLabel, createPolicy, daysAgo } from "@tests/helpers/retention";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { trpcHttp } from "@tests/helpers/trpc-http";
import { previewPolicyImpact } from "./preview-policy-impact";
import { policyImpactSchema } from "./retention-policies.schemas";

useEmptyDatabasePerTest();

const EXAMPLE_ONLY = { operator: "AND", rules: [{ field: "sender", op: "domain", value: "example.com" }] } as const;
const draft = (fields: Record<string, unknown>) => policyImpactSchema.parse({ name: "Draft", retentionPeriodDays: 100, ...fields });

describe("the impact of saving a retention policy", () => {
  it("counts the unheld emails it would delete at the next cycle, as the cycle decides them", async () => {
    const admin = await setupAdmin();
    const hold = await createHold(admin.token, "Case");
    const label = await createLabel(admin.token, "Keep long", 9000);
    for (const age of [400, 300, 150]) await insertTestEmail({ senderEmail: "a@example.com", sentAt: daysAgo(age) });
    await insertTestEmail({ senderEmail: "a@example.com", sentAt: daysAgo(50) }); // not due yet
    await insertTestEmail({ senderEmail: "a@other.org", sentAt: daysAgo(400) }); // not matched
    const held = await insertTestEmail({ senderEmail: "a@example.com", sentAt: daysAgo(400) });
    await applyHold(admin.token, held.id, hold.id);
    const labelled = await insertTestEmail({ senderEmail: "a@example.com", sentAt: daysAgo(400) });
    await applyLabel(admin.token, labelled.id, label.id);

    expect(await previewPolicyImpact({ input: draft({ conditions: EXAMPLE_ONLY }) })).toEqual({
      deletesAtNextCycle: 3,
      reviewsAtNextCycle: 0,
    });
    expect(await previewPolicyImpact({ input: draft({ conditions: EXAMPLE_ONLY, dispositionAction: "review" }) })).toEqual({
      deletesAtNextCycle: 0,
      reviewsAtNextCycle: 3,
    });
    expect(await previewPolicyImpact({ input: draft({ conditions: EXAMPLE_ONLY, isEnabled: false }) })).toEqual({
      deletesAtNextCycle: 0,
      reviewsAtNextCycle: 0,
    });
  });

  it("previews an edit in place of the saved policy, and yields to a longer one", async () => {
    const admin = await setupAdmin();
    const saved = await createPolicy(admin.token, { name: "Example mail", retentionPeriodDays: 1000, conditions: EXAMPLE_ONLY });
    for (const age of [400, 300]) await insertTestEmail({ senderEmail: "a@example.com", sentAt: daysAgo(age) });
    // Shortening the saved policy would make both due; a new, shorter policy beside it decides nothing (the longest period wins).
    expect(await previewPolicyImpact({ input: draft({ id: saved.id, conditions: EXAMPLE_ONLY, retentionPeriodDays: 200 }) })).toEqual({
      deletesAtNextCycle: 2,
      reviewsAtNextCycle: 0,
    });
    expect(await previewPolicyImpact({ input: draft({ conditions: EXAMPLE_ONLY, retentionPeriodDays: 200 }) })).toEqual({
      deletesAtNextCycle: 0,
      reviewsAtNextCycle: 0,
    });
  });

  it("is the UI's retentionPolicies.previewImpact, which saves nothing", async () => {
    const admin = await setupAdmin();
    await insertTestEmail({ senderEmail: "a@example.com", sentAt: daysAgo(400) });
    const response = await trpcHttp(
      "retentionPolicies.previewImpact",
      { name: "Draft", retentionPeriodDays: 100, conditions: EXAMPLE_ONLY },
      { authorization: `Bearer ${admin.token}` },
    );
    const body = (await response.json()) as { result: { data: unknown } };
    expect(body.result.data).toEqual({ deletesAtNextCycle: 1, reviewsAtNextCycle: 0 });
    const refused = await trpcHttp(
      "retentionPolicies.previewImpact",
      { name: "", retentionPeriodDays: 0 },
      { authorization: `Bearer ${admin.token}` },
    );
    expect(refused.status).toBe(422);
  });
});
