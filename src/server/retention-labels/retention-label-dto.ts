import type { DbOrTx, Tx } from "../db/client";
import { toRuleDisposition, type RuleDisposition } from "../dispositions/rule-disposition";

export interface RetentionLabelDto extends RuleDisposition {
  id: string;
  name: string;
  description: string | null;
  retentionPeriodDays: number;
  isDisabled: boolean;
  createdAt: string;
}

export interface EmailLabelDto {
  labelId: string;
  labelName: string;
  retentionPeriodDays: number;
  appliedAt: string;
  appliedByUserId: string;
}

export const toLabelDto = (label: {
  id: string;
  name: string;
  description: string | null;
  retentionPeriodDays: number;
  isDisabled: boolean;
  createdAt: Date;
  dispositionAction: string;
  reviewerIds: string[];
  reviewerRoleId: string | null;
}): RetentionLabelDto => ({
  id: label.id,
  name: label.name,
  description: label.description,
  retentionPeriodDays: label.retentionPeriodDays,
  isDisabled: label.isDisabled,
  createdAt: label.createdAt.toISOString(),
  ...toRuleDisposition(label),
});

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

export interface LockedLabel {
  id: string;
  name: string;
  retention_period_days: number;
  is_disabled: boolean;
}

/** FOR UPDATE to change a label, FOR SHARE to apply it: a period change and an apply never interleave. */
export async function lockLabel(tx: Tx, id: string, mode: "update" | "share"): Promise<LockedLabel | null> {
  const rows =
    mode === "update"
      ? await tx.$queryRaw<
          LockedLabel[]
        >`SELECT id, name, retention_period_days, is_disabled FROM retention_labels WHERE id = ${id}::uuid FOR UPDATE`
      : await tx.$queryRaw<
          LockedLabel[]
        >`SELECT id, name, retention_period_days, is_disabled FROM retention_labels WHERE id = ${id}::uuid FOR SHARE`;
  return rows[0] ?? null;
}

export const labelNameKey = (name: string) => name.trim().toLowerCase();
