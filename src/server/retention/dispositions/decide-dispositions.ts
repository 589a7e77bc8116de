import { appendAuditEntries } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { transaction } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { disabledLabel } from "../labels/apply-label-to-email";
import { lockLabel, upsertEmailLabels } from "../labels/retention-labels.queries";
import { searchEngine } from "../../search/search-engine-factory";
import type { DecideDispositionsInput } from "./dispositions.schemas";
import { decidePendingDispositions, type DecidedRow } from "./dispositions.queries";

export interface DecisionResult {
  decision: DecideDispositionsInput["decision"];
  /** The dispositions decided now. */
  decided: string[];
  /** Given ids that were not pending dispositions of the caller's rules (already decided, unknown, not theirs). */
  notDecided: string[];
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
        decided.push(...(await decidePendingDispositions(tx, { principal, input, chosen: { ids: input.ids } })));
      } else {
        for await (const emailIds of searchEngine().searchAllIds({ query: input.searchQuery!, pageSize: SEARCH_PAGE_SIZE })) {
          if (emailIds.length > 0) decided.push(...(await decidePendingDispositions(tx, { principal, input, chosen: { emailIds } })));
        }
      }
      if (input.decision === "relabel" && decided.length > 0) {
        // Emails deleted meanwhile are skipped; the others are locked like any label application.
        await upsertEmailLabels(tx, { emailIds: decided.map((row) => row.email_id), labelId: input.labelId!, userId: principal.userId });
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
