"use client";

import { formatDate } from "@/lib/format";
import type { RouterOutputs } from "@/lib/trpc";

export type RetentionStatus = RouterOutputs["lifecycle"]["emailStatus"];

/** "Protected by legal hold X" / "Deleted on D by label L": what the lifecycle will do and why. */
function retentionExplanation(status: Pick<RetentionStatus, "decidingRule" | "eligibleAt">): string {
  const rule = status.decidingRule;
  if (rule?.type === "legalHold") return `Protected by legal hold "${rule.name}".`;
  if (!status.eligibleAt || !rule || rule.type === "none") return "Kept forever: no label or retention policy applies.";
  const by = `${rule.type === "label" ? "label" : "policy"} "${rule.name}" (${rule.retentionPeriodDays} days)`;
  return new Date(status.eligibleAt).getTime() <= Date.now()
    ? `Due for deletion at the next lifecycle cycle (since ${formatDate(status.eligibleAt)}) by ${by}.`
    : `Deleted on ${formatDate(status.eligibleAt)} by ${by}.`;
}

export function RetentionStatusSection({ status }: { status: RetentionStatus }) {
  return (
    <section className="card text-sm" aria-label="Retention">
      <h2 className="font-medium">Retention</h2>
      <p data-testid="retention-explanation">{retentionExplanation(status)}</p>
      {status.decidingRule?.type === "legalHold" && status.withoutHolds.eligibleAt ? (
        <p className="text-slate-600">Without its holds: {retentionExplanation(status.withoutHolds)}</p>
      ) : null}
    </section>
  );
}
