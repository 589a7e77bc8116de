import { db } from "../../platform/db/client";
import { selectForecastBuckets } from "../lifecycle/lifecycle.queries";
import { loadEnabledPolicies, loadLabels, type EnabledPolicy } from "../lifecycle/retention-rules.queries";
import type { PolicyImpactInput } from "./retention-policies.schemas";
import { validateConditionPatterns } from "./validate-condition-patterns";

/** The id a policy that does not exist yet stands under while it is previewed. */
const UNSAVED_POLICY_ID = "00000000-0000-0000-0000-000000000000";

export interface PolicyImpact {
  /** Unheld emails this policy would make the next lifecycle cycle delete. */
  deletesAtNextCycle: number;
  /** Unheld emails this policy would send to disposition review at the next cycle. */
  reviewsAtNextCycle: number;
}

/**
 * What saving a policy (a new one, or `id`'s new version) would do at the next lifecycle cycle,
 * with the cycle's own queries (the forecast's): the emails it would decide as due now, for deletion
 * or for review. Labels keep precedence and holds keep sparing, exactly as in the cycle. Nothing is
 * saved; the policy form asks the officer to confirm when deletions would follow.
 */
export async function previewPolicyImpact(options: { input: PolicyImpactInput; now?: Date }): Promise<PolicyImpact> {
  const { input } = options;
  if (!input.isEnabled) return { deletesAtNextCycle: 0, reviewsAtNextCycle: 0 };
  await validateConditionPatterns(input.conditions);
  const now = options.now ?? new Date();
  const client = db();
  const [labels, enabled] = await Promise.all([loadLabels(client), loadEnabledPolicies(client)]);
  const draft: EnabledPolicy = {
    id: input.id ?? UNSAVED_POLICY_ID,
    name: input.name,
    priority: input.priority,
    retentionPeriodDays: input.retentionPeriodDays,
    conditions: input.conditions,
    ingestionSourceIds: [...new Set(input.ingestionSourceIds)],
    dispositionAction: input.dispositionAction ?? "delete",
  };
  const replaced = enabled.map((policy) => (policy.id === draft.id ? draft : policy));
  const policies = replaced.includes(draft) ? replaced : [...replaced, draft];
  // The cycle's precedence: the longest period first, then the highest priority; the stable sort keeps the older first among equals.
  policies.sort((a, b) => b.retentionPeriodDays - a.retentionPeriodDays || b.priority - a.priority);
  const buckets = await selectForecastBuckets(client, { labels, policies, now, horizon: now });
  const mine = buckets.filter((row) => row.rule_type === "policy" && row.rule_id === draft.id);
  const dueNow = (deletes: boolean) => mine.filter((row) => row.deletes === deletes).reduce((total, row) => total + row.due_now, 0);
  return { deletesAtNextCycle: dueNow(true), reviewsAtNextCycle: dueNow(false) };
}
