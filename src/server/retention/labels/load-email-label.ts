import type { DbOrTx } from "../../platform/db/client";
import type { EmailLabelDto } from "./retention-labels.responses";

/** The email's label, or null when it has none. */
export async function loadEmailLabel(client: DbOrTx, emailId: string): Promise<EmailLabelDto | null> {
  const link = await client.emailRetentionLabel.findUnique({ where: { emailId }, include: { label: true } });
  if (!link) return null;
  return {
    labelId: link.labelId,
    labelName: link.label.name,
    retentionPeriodDays: link.label.retentionPeriodDays,
    appliedAt: link.appliedAt.toISOString(),
    appliedByUserId: link.appliedByUserId,
  };
}
