import { describe, expect, it } from "vitest";
import { retentionExplanation, type RetentionStatus } from "./retention-explanation";

const now = new Date("2026-06-01T00:00:00Z");
const label = { type: "label", id: "l1", name: "Seven years", retentionPeriodDays: 2555 } as RetentionStatus["decidingRule"];
const noDisposition = (action: "delete" | "review"): RetentionStatus["disposition"] => ({
  action,
  reviewers: action === "review" ? ["officer@example.com"] : [],
  open: null,
  extendedUntil: null,
  deletesWhenDue: action === "delete",
});

describe("retentionExplanation", () => {
  it("says a future deletion will happen, not that it happened", () => {
    expect(retentionExplanation({ decidingRule: label, eligibleAt: "2030-01-01T00:00:00Z" }, noDisposition("delete"), now)).toBe(
      'Will be deleted on 2030-01-01 by label "Seven years" (2555 days).',
    );
  });

  it("says a due deletion happens at the next cycle", () => {
    expect(retentionExplanation({ decidingRule: label, eligibleAt: "2026-01-01T00:00:00Z" }, noDisposition("delete"), now)).toBe(
      'Due for deletion at the next lifecycle cycle (since 2026-01-01) by label "Seven years" (2555 days).',
    );
  });

  it("never says deletion under a rule that asks for review: the email goes to review on its date", () => {
    const future = retentionExplanation({ decidingRule: label, eligibleAt: "2030-01-01T00:00:00Z" }, noDisposition("review"), now);
    expect(future).toBe(
      'Will go to disposition review on 2030-01-01 under label "Seven years" (2555 days); a reviewer decides whether it is deleted.',
    );
    const due = retentionExplanation({ decidingRule: label, eligibleAt: "2026-01-01T00:00:00Z" }, noDisposition("review"), now);
    expect(due).toMatch(/^Goes to disposition review at the next lifecycle cycle \(due since 2026-01-01\)/);
    for (const text of [future, due]) expect(text).not.toMatch(/Due for deletion|Deleted on/);
  });

  it("names a pending review, and an approved one as a deletion", () => {
    const pending = {
      ...noDisposition("review"),
      open: { id: "d1", status: "pending", rule: label, dueAt: "2026-01-01T00:00:00Z", decidedBy: null },
    };
    expect(
      retentionExplanation({ decidingRule: label, eligibleAt: "2026-01-01T00:00:00Z" }, pending as RetentionStatus["disposition"], now),
    ).toBe(
      'Awaiting disposition review since 2026-01-01 under label "Seven years" (2555 days): it is deleted only if a reviewer approves.',
    );
    const approved = { ...pending, open: { ...pending.open, status: "approved", decidedBy: "officer@example.com" }, deletesWhenDue: true };
    expect(
      retentionExplanation({ decidingRule: label, eligibleAt: "2026-01-01T00:00:00Z" }, approved as RetentionStatus["disposition"], now),
    ).toBe(
      'Due for deletion at the next lifecycle cycle (since 2026-01-01) by label "Seven years" (2555 days), deletion approved by review.',
    );
  });

  it("keeps holds and emails without a rule as they were", () => {
    const hold = { type: "legalHold", id: "h1", name: "Acme", retentionPeriodDays: null } as RetentionStatus["decidingRule"];
    expect(retentionExplanation({ decidingRule: hold, eligibleAt: null }, noDisposition("delete"), now)).toBe(
      'Protected by legal hold "Acme".',
    );
    expect(
      retentionExplanation(
        { decidingRule: { type: "none" } as RetentionStatus["decidingRule"], eligibleAt: null },
        noDisposition("delete"),
        now,
      ),
    ).toBe("Kept forever: no label or retention policy applies.");
  });
});
