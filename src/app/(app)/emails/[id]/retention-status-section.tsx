"use client";

import { retentionExplanation, type RetentionStatus } from "@/lib/retention-explanation";

export function RetentionStatusSection({ status }: { status: RetentionStatus }) {
  return (
    <section className="card text-sm" aria-label="Retention">
      <h2 className="font-medium">Retention</h2>
      <p data-testid="retention-explanation">{retentionExplanation(status, status.disposition)}</p>
      {status.decidingRule?.type === "legalHold" && status.withoutHolds.eligibleAt ? (
        <p className="text-slate-600">Without its holds: {retentionExplanation(status.withoutHolds, status.disposition)}</p>
      ) : null}
    </section>
  );
}
