import { policySchema, type Policy } from "@/server/identity/authz/permissions";
import { conditionsOf, rowsOf, type ConditionRow } from "./condition-rows";

/**
 * A policy as edited: its conditions as rows of the form; stored conditions the form cannot show
 * are kept as they are (`unsupported`, shown read-only as JSON) until they are cleared.
 */
export interface PolicyDraft {
  action: string;
  subject: string;
  rows: ConditionRow[];
  unsupported?: { conditions: unknown; reason: string };
}

export function draftOf(policy: { action: string; subject: string; conditions?: unknown }): PolicyDraft {
  const found = rowsOf(policy.conditions);
  return "rows" in found
    ? { action: policy.action, subject: policy.subject, rows: found.rows }
    : {
        action: policy.action,
        subject: policy.subject,
        rows: [],
        unsupported: { conditions: policy.conditions, reason: found.unsupported },
      };
}

export const EMPTY_DRAFT: PolicyDraft = { action: "read", subject: "archive", rows: [] };

/**
 * Parses the drafts with the server's policy schema. Errors are keyed "<policy>.<field>" (e.g.
 * "0.conditions", the same paths the server reports under "policies.") and a row's own error
 * "<policy>.conditions.<row>".
 */
export function parseDrafts(drafts: PolicyDraft[]): { policies: Policy[]; errors: Record<string, string> } {
  const policies: Policy[] = [];
  const errors: Record<string, string> = {};
  drafts.forEach((draft, index) => {
    let conditions: unknown;
    if (draft.unsupported) conditions = draft.unsupported.conditions;
    else {
      const built = conditionsOf(draft.rows);
      for (const [row, message] of Object.entries(built.errors)) errors[`${index}.conditions.${row}`] = message;
      if (Object.keys(built.errors).length > 0) return;
      conditions = built.conditions;
    }
    const result = policySchema.safeParse({ action: draft.action, subject: draft.subject, conditions });
    if (result.success) policies.push(result.data);
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0] === "conditions" || issue.path.length === 0 ? "conditions" : String(issue.path[0]);
      errors[`${index}.${field}`] ??= issue.path.length > 1 ? `${issue.path.slice(1).join(".")}: ${issue.message}` : issue.message;
    }
  });
  return { policies, errors };
}
