import { ARCHIVE_CONDITION_FIELDS, policySchema, type Policy } from "@/server/identity/authz/permissions";

/** A policy as edited: conditions are JSON text until the form is submitted. */
export interface PolicyDraft {
  action: string;
  subject: string;
  conditions: string;
}

export const draftOf = (policy: Policy): PolicyDraft => ({
  action: policy.action,
  subject: policy.subject,
  conditions: Object.keys(policy.conditions).length > 0 ? JSON.stringify(policy.conditions) : "",
});

export const EMPTY_DRAFT: PolicyDraft = { action: "read", subject: "archive", conditions: "" };

/**
 * Parses the drafts with the server's policy schema. Errors are keyed "<row>.<field>" (e.g.
 * "0.conditions"), the same paths the server reports under "policies.".
 */
export function parseDrafts(drafts: PolicyDraft[]): { policies: Policy[]; errors: Record<string, string> } {
  const policies: Policy[] = [];
  const errors: Record<string, string> = {};
  drafts.forEach((draft, row) => {
    let conditions: unknown = {};
    if (draft.conditions.trim() !== "") {
      try {
        conditions = JSON.parse(draft.conditions);
      } catch {
        errors[`${row}.conditions`] = 'conditions must be valid JSON, e.g. {"userEmail": "alice@example.com"}';
        return;
      }
    }
    const result = policySchema.safeParse({ action: draft.action, subject: draft.subject, conditions });
    if (result.success) policies.push(result.data);
    for (const issue of result.error?.issues ?? []) {
      const field = issue.path[0] === "conditions" || issue.path.length === 0 ? "conditions" : String(issue.path[0]);
      // zod names an unknown record key only as "Invalid key in record".
      const message =
        issue.code === "invalid_key" ? `is not a condition field (use ${ARCHIVE_CONDITION_FIELDS.join(", ")})` : issue.message;
      errors[`${row}.${field}`] ??= issue.path.length > 1 ? `${issue.path.slice(1).join(".")}: ${message}` : message;
    }
  });
  return { policies, errors };
}
