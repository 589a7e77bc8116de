import type { z } from "zod";
import type { DbOrTx } from "../../platform/db/client";
import type { emailLabelResponse } from "./retention-labels.responses";

export type EmailLabelDto = z.infer<typeof emailLabelResponse>;

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
