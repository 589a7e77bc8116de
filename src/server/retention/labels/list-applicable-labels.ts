import { db } from "../../platform/db/client";

export interface ApplicableLabel {
  id: string;
  name: string;
  retentionPeriodDays: number;
}

/**
 * The labels a caller with `delete:archive` may put on an email: the enabled ones, with only what
 * choosing needs (the full label list, with reviewers and dispositions, is for `manage:all`).
 */
export async function listApplicableLabels(): Promise<ApplicableLabel[]> {
  return db().retentionLabel.findMany({
    where: { isDisabled: false },
    select: { id: true, name: true, retentionPeriodDays: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
