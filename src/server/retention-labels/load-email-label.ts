import type { DbOrTx } from "../db/client";

export interface EmailLabelDto {
  labelId: string;
  labelName: string;
  retentionPeriodDays: number;
  appliedAt: string;
  appliedByUserId: string;
}

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
