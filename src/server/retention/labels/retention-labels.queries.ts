import { Prisma } from "@/generated/prisma/client";
import { keyShareLockedEmailsSql } from "../../archive/archived-emails.queries";
import { queryOne, runSql, type SqlClient } from "../../platform/db/sql-client";

export interface LockedLabel {
  id: string;
  name: string;
  retention_period_days: number;
  is_disabled: boolean;
}

/** FOR UPDATE to change a label, FOR SHARE to apply it: a period change and an apply never interleave. */
export function lockLabel(client: SqlClient, id: string, mode: "update" | "share"): Promise<LockedLabel | null> {
  const lock = mode === "update" ? Prisma.sql`FOR UPDATE` : Prisma.sql`FOR SHARE`;
  return queryOne<LockedLabel>(
    client,
    Prisma.sql`SELECT id, name, retention_period_days, is_disabled FROM retention_labels WHERE id = ${id}::uuid ${lock}`,
  );
}

/**
 * Puts the label on those of `emailIds` that still exist (locked FOR KEY SHARE, like any label
 * application), replacing their earlier label (one label per email: email_id is the key).
 */
export function upsertEmailLabels(
  client: SqlClient,
  link: { emailIds: string[]; labelId: string; userId: string | null },
): Promise<number> {
  return runSql(
    client,
    Prisma.sql`
    INSERT INTO email_retention_labels (email_id, label_id, applied_at, applied_by_user_id)
    SELECT e.id, ${link.labelId}::uuid, now(), ${link.userId}
    FROM (${keyShareLockedEmailsSql(link.emailIds)}) AS e
    ON CONFLICT (email_id) DO UPDATE SET label_id = EXCLUDED.label_id, applied_at = EXCLUDED.applied_at,
      applied_by_user_id = EXCLUDED.applied_by_user_id`,
  );
}

/** Takes the email's label off; answers the label's id, or null when the email had none. */
export async function deleteEmailLabel(client: SqlClient, emailId: string): Promise<string | null> {
  const row = await queryOne<{ label_id: string }>(
    client,
    Prisma.sql`DELETE FROM email_retention_labels WHERE email_id = ${emailId}::uuid RETURNING label_id`,
  );
  return row?.label_id ?? null;
}
