import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { findVisibleEmail } from "../../archive/find-visible-email";
import { transaction } from "../../platform/db/client";
import { deleteEmailLabel } from "./retention-labels.queries";

export const LABEL_REMOVED_MESSAGE = "Retention label removed from the email";
export const NO_LABEL_MESSAGE = "No retention label was applied to the email";

export async function removeLabelFromEmail(options: { principal: Principal; emailId: string }): Promise<{ message: string }> {
  return transaction(async (tx) => {
    await findVisibleEmail({ client: tx, emailId: options.emailId, principal: options.principal, permission: "delete:archive" });
    const removedLabelId = await deleteEmailLabel(tx, options.emailId);
    if (removedLabelId === null) return { message: NO_LABEL_MESSAGE };
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "REMOVE_LABEL",
      targetType: "ArchivedEmail",
      targetId: options.emailId,
      details: { labelId: removedLabelId },
    });
    return { message: LABEL_REMOVED_MESSAGE };
  });
}
