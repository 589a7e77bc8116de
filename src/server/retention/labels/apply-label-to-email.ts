import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { findVisibleEmail } from "../../archive/find-visible-email";
import { transaction } from "../../platform/db/client";
import { conflict, notFound } from "../../platform/errors/app-error";
import { loadEmailLabel } from "./load-email-label";
import type { EmailLabelDto } from "./retention-labels.responses";
import { lockLabel, upsertEmailLabels } from "./retention-labels.queries";
import { trySyncBlobRetention } from "../lifecycle/blob-retention";

/** Puts the label on the email, replacing an earlier one (one label per email: email_id is the key). */
export const disabledLabel = () => conflict("The retention label is disabled and cannot be applied");

export async function applyLabelToEmail(options: { principal: Principal; emailId: string; labelId: string }): Promise<EmailLabelDto> {
  const applied = await transaction(async (tx) => {
    const label = await lockLabel(tx, options.labelId, "share");
    await findVisibleEmail({
      client: tx,
      emailId: options.emailId,
      principal: options.principal,
      permission: "delete:archive",
      lockForLink: true,
    });
    if (!label) throw notFound("Retention label");
    if (label.is_disabled) throw disabledLabel();
    const previous = await loadEmailLabel(tx, options.emailId);
    // The email is locked FOR KEY SHARE (lockForLink above), so it is still there.
    await upsertEmailLabels(tx, { emailIds: [options.emailId], labelId: options.labelId, userId: options.principal.userId });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "APPLY_LABEL",
      targetType: "ArchivedEmail",
      targetId: options.emailId,
      details: { labelId: label.id, labelName: label.name, replacedLabelId: previous?.labelId ?? null },
    });
    return (await loadEmailLabel(tx, options.emailId))!;
  });
  // Immutability mode: a label or hold may lengthen how long the bytes must stay.
  await trySyncBlobRetention([options.emailId]);
  return applied;
}
