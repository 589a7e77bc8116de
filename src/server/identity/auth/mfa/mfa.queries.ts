import { Prisma } from "@/generated/prisma/client";
import { runSql, type SqlClient } from "../../../platform/db/sql-client";

/** Records an accepted TOTP time step; false when it is not later than the last accepted one (a replayed code). */
export async function advanceTotpStep(client: SqlClient, userId: string, step: number | bigint): Promise<boolean> {
  const updated = await runSql(
    client,
    Prisma.sql`
    UPDATE users SET totp_last_step = ${step}
     WHERE id = ${userId}::uuid AND (totp_last_step IS NULL OR totp_last_step < ${step})`,
  );
  return updated === 1;
}
