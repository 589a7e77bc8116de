import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { findVisibleEmail } from "../archived-emails/find-visible-email";
import { transaction } from "../db/client";

export const LABEL_REMOVED_MESSAGE = "Retention label removed from the email";
export const NO_LABEL_MESSAGE = "No retention label was applied to the email";

export async function removeLabelFromEmail(options: { principal: Principal; emailId: string }): Promise<{ message: string }> {
  return transaction(async (tx) => {
    await findVisibleEmail({ client: tx, emailId: options.emailId, principal: options.principal, permission: "delete:archive" });
    const removed = await tx.$queryRaw<{ label_id: string }[]>`
      DELETE FROM email_retention_labels WHERE email_id = ${options.emailId}::uuid RETURNING label_id`;
    if (removed.length === 0) return { message: NO_LABEL_MESSAGE };
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "REMOVE_LABEL",
      targetType: "ArchivedEmail",
      targetId: options.emailId,
      details: { labelId: removed[0].label_id },
    });
    return { message: LABEL_REMOVED_MESSAGE };
  });
}
