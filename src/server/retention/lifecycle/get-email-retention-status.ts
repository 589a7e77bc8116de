import type { Principal } from "../../identity/auth/principal";
import { findVisibleEmail } from "../../archive/find-visible-email";
import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { activeHoldLinksOf } from "../holds/legal-holds.queries";
import type { DispositionAction } from "../dispositions/dispositions.schemas";
import { selectEmailDecision, selectPolicyMatches, type EmailDecisionRow } from "./lifecycle.queries";
import { decidingRuleOf, loadEnabledPolicies, type DecidingRule } from "./retention-rules.queries";

export interface EmailRetentionStatus {
  emailId: string;
  sentAt: string;
  /** Active holds linked to the email (inactive ones protect nothing). */
  holds: { legalHoldId: string; holdName: string; appliedAt: string }[];
  protectedByHold: boolean;
  label: { labelId: string; labelName: string; retentionPeriodDays: number; isDisabled: boolean; appliedAt: string } | null;
  /** Enabled policies whose conditions and sources match, longest period first. */
  matchingPolicies: { id: string; name: string; priority: number; retentionPeriodDays: number }[];
  decidingRule: DecidingRule;
  /** When the email becomes (or became) eligible for deletion; null while held or kept forever. */
  eligibleAt: string | null;
  /** What would decide, and when, if every hold were lifted. */
  withoutHolds: { decidingRule: DecidingRule; eligibleAt: string | null };
  /** What happens when the email is due (docs/retention.md "Disposition review"). */
  disposition: {
    /** The deciding rule's disposition action; null when the email is kept forever. */
    action: DispositionAction | null;
    /** Who reviews it under a review rule: user emails, the role's name, or "manage:dispositions". */
    reviewers: string[];
    /** Its open disposition: pending, or approved and waiting for the cycle (or for a hold to end). */
    open: {
      id: string;
      status: "pending" | "approved";
      rule: { type: string; id: string; name: string };
      dueAt: string;
      decidedBy: string | null;
    } | null;
    /** A reviewer's extension: not eligible before this instant. */
    extendedUntil: string | null;
    /** True when the lifecycle deletes the email once eligible and unheld: a delete rule, or an approved review. */
    deletesWhenDue: boolean;
  };
}

/** Explains one email's retention with the same SQL the lifecycle cycle deletes by. */
export async function getEmailRetentionStatus(options: { principal: Principal; emailId: string }): Promise<EmailRetentionStatus> {
  const client = db();
  await findVisibleEmail({ client, emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  const policies = await loadEnabledPolicies(client);
  const decision = await selectEmailDecision(client, { policies, asOf: new Date(), emailId: options.emailId });
  if (!decision) throw notFound("Archived email"); // deleted in the meantime
  const holds = await activeHoldLinksOf(client, options.emailId);
  const label = await client.emailRetentionLabel.findUnique({ where: { emailId: options.emailId }, include: { label: true } });
  const matching = await matchingPolicies(options.emailId, policies);
  const retentionRule = decidingRuleOf(decision);
  const retentionEligibleAt = decision.eligible_at?.toISOString() ?? null;
  const protectedByHold = holds.length > 0;
  return {
    emailId: decision.id,
    sentAt: decision.sent_at.toISOString(),
    holds: holds.map((hold) => ({ legalHoldId: hold.id, holdName: hold.name, appliedAt: hold.applied_at.toISOString() })),
    protectedByHold,
    label: label && {
      labelId: label.labelId,
      labelName: label.label.name,
      retentionPeriodDays: label.label.retentionPeriodDays,
      isDisabled: label.label.isDisabled,
      appliedAt: label.appliedAt.toISOString(),
    },
    matchingPolicies: matching,
    decidingRule: protectedByHold ? { type: "legalHold", id: holds[0].id, name: holds[0].name, retentionPeriodDays: null } : retentionRule,
    eligibleAt: protectedByHold ? null : retentionEligibleAt,
    withoutHolds: { decidingRule: retentionRule, eligibleAt: retentionEligibleAt },
    disposition: await dispositionOf(decision),
  };
}

async function dispositionOf(decision: EmailDecisionRow): Promise<EmailRetentionStatus["disposition"]> {
  const client = db();
  const [open, extension] = await Promise.all([
    client.emailDisposition.findUnique({ where: { openEmailId: decision.id } }),
    client.emailDisposition.findFirst({
      where: { emailId: decision.id, extendedUntil: { not: null } },
      orderBy: { extendedUntil: "desc" },
    }),
  ]);
  return {
    action: decision.action,
    reviewers: decision.action === "review" ? await reviewersOf(decision) : [],
    open: open && {
      id: open.id,
      status: open.status as "pending" | "approved",
      rule: { type: open.ruleType, id: open.ruleId, name: open.ruleName },
      dueAt: open.dueAt.toISOString(),
      decidedBy: open.decidedByEmail,
    },
    extendedUntil: extension?.extendedUntil?.toISOString() ?? null,
    deletesWhenDue: decision.action === "delete" || decision.approved,
  };
}

async function reviewersOf(decision: EmailDecisionRow): Promise<string[]> {
  const client = db();
  const select = { reviewerIds: true, reviewerRole: { select: { name: true } } } as const;
  const rule =
    decision.rule_type === "label"
      ? await client.retentionLabel.findUnique({ where: { id: decision.rule_id! }, select })
      : await client.retentionPolicy.findUnique({ where: { id: decision.rule_id! }, select });
  if (!rule) return ["manage:dispositions"];
  const users = await client.user.findMany({ where: { id: { in: rule.reviewerIds } }, select: { email: true }, orderBy: { email: "asc" } });
  const reviewers = [...users.map((user) => user.email), ...(rule.reviewerRole ? [rule.reviewerRole.name] : [])];
  return reviewers.length > 0 ? reviewers : ["manage:dispositions"];
}

async function matchingPolicies(
  emailId: string,
  policies: Awaited<ReturnType<typeof loadEnabledPolicies>>,
): Promise<EmailRetentionStatus["matchingPolicies"]> {
  if (policies.length === 0) return [];
  const matches = await selectPolicyMatches(db(), emailId, policies);
  if (!matches) return [];
  return policies
    .filter((_policy, index) => matches[index])
    .map((policy) => ({ id: policy.id, name: policy.name, priority: policy.priority, retentionPeriodDays: policy.retentionPeriodDays }));
}
