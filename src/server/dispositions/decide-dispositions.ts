import { Prisma } from "@/generated/prisma/client";
import { appendAuditEntries } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { transaction, type Tx } from "../db/client";
import { notFound } from "../errors/app-error";
import { disabledLabel } from "../retention-labels/apply-label-to-email";
import { lockLabel } from "../retention-labels/retention-labels.queries";
import { searchEngine } from "../search/search-engine-factory";
import type { DecideDispositionsInput } from "./dispositions.schemas";
import { dispositionRuleJoin, reviewableBy } from "./reviewer-scope";

export interface DecisionResult {
  decision: DecideDispositionsInput["decision"];
  /** The dispositions decided now. */
  decided: string[];
  /** Given ids that were not pending dispositions of the caller's rules (already decided, unknown, not theirs). */
  notDecided: string[];
}

interface DecidedRow {
  id: string;
  email_id: string;
  rule_type: string;
  rule_id: string;
  rule_name: string;
  due_at: Date;
  extended_until: Date | null;
}

const SEARCH_PAGE_SIZE = 5000;

/**
 * Decides pending dispositions of the caller's rules in one transaction: the given ids, or the
 * pending dispositions of the emails a search query matches. approve: the next cycle deletes the
 * email (re-checking holds in its deleting transaction); extend: due again `days` days from now;
 * relabel: the label replaces the email's label and governs from now on. Each decision is one
 * DECIDE_DISPOSITION audit entry (reviewer, comment, rule). A disposition two reviewers decide at
 * once is decided once: the update re-checks `pending` on the locked row.
 */
export async function decideDispositions(options: { principal: Principal; input: DecideDispositionsInput }): Promise<DecisionResult> {
  const { input, principal } = options;
  return transaction(
    async (tx) => {
      if (input.decision === "relabel") {
        const label = await lockLabel(tx, input.labelId!, "share");
        if (!label) throw notFound("Retention label");
        if (label.is_disabled) throw disabledLabel();
      }
      const decided: DecidedRow[] = [];
      if (input.ids) {
        decided.push(...(await decide(tx, principal, input, Prisma.sql`disp.id = ANY(${input.ids}::uuid[])`)));
      } else {
        for await (const emailIds of searchEngine().searchAllIds({ query: input.searchQuery!, pageSize: SEARCH_PAGE_SIZE })) {
          if (emailIds.length > 0)
            decided.push(...(await decide(tx, principal, input, Prisma.sql`disp.open_email_id = ANY(${emailIds}::uuid[])`)));
        }
      }
      if (input.decision === "relabel" && decided.length > 0) {
        // Emails deleted meanwhile are skipped; the others are locked like any label application.
        await tx.$executeRaw`
          INSERT INTO email_retention_labels (email_id, label_id, applied_at, applied_by_user_id)
          SELECT e.id, ${input.labelId}::uuid, now(), ${principal.userId}
          FROM (SELECT e.id FROM unnest(${decided.map((row) => row.email_id)}::uuid[]) AS wanted(id)
                JOIN archived_emails e ON e.id = wanted.id FOR KEY SHARE OF e) AS e
          ON CONFLICT (email_id) DO UPDATE SET label_id = EXCLUDED.label_id, applied_at = EXCLUDED.applied_at,
            applied_by_user_id = EXCLUDED.applied_by_user_id`;
      }
      await appendAuditEntries(
        tx,
        decided.map((row) => ({
          actor: principal.actor,
          actionType: "DECIDE_DISPOSITION",
          targetType: "ArchivedEmail",
          targetId: row.email_id,
          details: {
            dispositionId: row.id,
            decision: input.decision,
            comment: input.comment,
            reviewer: principal.email,
            rule: { type: row.rule_type, id: row.rule_id, name: row.rule_name },
            dueAt: row.due_at.toISOString(),
            ...(input.decision === "extend" && { days: input.days, extendedUntil: row.extended_until!.toISOString() }),
            ...(input.decision === "relabel" && { labelId: input.labelId }),
          },
        })),
      );
      const decidedIds = new Set(decided.map((row) => row.id));
      return {
        decision: input.decision,
        decided: [...decidedIds],
        notDecided: (input.ids ?? []).filter((id) => !decidedIds.has(id)),
      };
    },
    { timeoutMs: 300_000 },
  );
}

/** Locks the chosen pending dispositions the caller reviews, then records the decision on them. */
function decide(tx: Tx, principal: Principal, input: DecideDispositionsInput, chosen: Prisma.Sql): Promise<DecidedRow[]> {
  const changes = {
    approve: Prisma.sql`status = 'approved'`,
    extend: Prisma.sql`status = 'extended', open_email_id = NULL, extended_until = now() + make_interval(hours => 24 * ${input.days ?? 0}::int)`,
    relabel: Prisma.sql`status = 'relabeled', open_email_id = NULL, relabeled_to_label_id = ${input.labelId ?? null}::uuid`,
  }[input.decision];
  return tx.$queryRaw<DecidedRow[]>`
    WITH candidates AS (
      SELECT disp.id FROM email_dispositions disp ${dispositionRuleJoin}
      WHERE ${chosen} AND disp.status = 'pending' AND disp.open_email_id IS NOT NULL AND ${reviewableBy(principal)}
      ORDER BY disp.id FOR UPDATE OF disp)
    UPDATE email_dispositions d
    SET ${changes}, decided_at = now(), decided_by_user_id = ${principal.userId}::uuid, decided_by_email = ${principal.email}, comment = ${input.comment}
    FROM candidates WHERE d.id = candidates.id AND d.status = 'pending' AND d.open_email_id IS NOT NULL
    RETURNING d.id, d.email_id, d.rule_type, d.rule_id, d.rule_name, d.due_at, d.extended_until`;
}
