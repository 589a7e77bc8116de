import { formatDate } from "./format";
import type { RouterOutputs } from "./trpc";

export type RetentionStatus = RouterOutputs["lifecycle"]["emailStatus"];
type Outcome = Pick<RetentionStatus, "decidingRule" | "eligibleAt">;

/**
 * What the lifecycle will do with an email and why, in the tense of when it happens: "Protected by
 * legal hold X", "Will be deleted on D by label L", or, under a rule that asks for review, "Will go
 * to disposition review on D": such an email is never deleted without a reviewer's approval, so it
 * must not read as "Due for deletion" (issue 36).
 */
export function retentionExplanation(outcome: Outcome, disposition: RetentionStatus["disposition"], now = new Date()): string {
  const rule = outcome.decidingRule;
  if (rule?.type === "legalHold") return `Protected by legal hold "${rule.name}".`;
  if (!outcome.eligibleAt || !rule || rule.type === "none") return "Kept forever: no label or retention policy applies.";
  const by = `${rule.type === "label" ? "label" : "policy"} "${rule.name}" (${rule.retentionPeriodDays} days)`;
  const when = formatDate(outcome.eligibleAt);
  const due = new Date(outcome.eligibleAt).getTime() <= now.getTime();
  if (disposition.open?.status === "pending") {
    return `Awaiting disposition review since ${formatDate(disposition.open.dueAt)} under ${by}: it is deleted only if a reviewer approves.`;
  }
  if (!disposition.deletesWhenDue) {
    return due
      ? `Goes to disposition review at the next lifecycle cycle (due since ${when}) under ${by}; a reviewer decides whether it is deleted.`
      : `Will go to disposition review on ${when} under ${by}; a reviewer decides whether it is deleted.`;
  }
  const approved = disposition.open?.status === "approved" ? ", deletion approved by review" : "";
  return due
    ? `Due for deletion at the next lifecycle cycle (since ${when}) by ${by}${approved}.`
    : `Will be deleted on ${when} by ${by}${approved}.`;
}
