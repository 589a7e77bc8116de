import type { DbOrTx } from "../../platform/db/client";
import { conflict } from "../../platform/errors/app-error";
import { administratorCounts, lockUserCount } from "./users.queries";

/**
 * Refuses (409) to take away the last enabled user holding manage:all, so the installation keeps
 * someone who can manage it. Serialized with deletions by the same advisory lock as the
 * last-remaining-user rule, so two administrators disabling each other cannot both succeed.
 */
export async function assertNotLastActiveAdministrator(client: DbOrTx, userId: string, message: string): Promise<void> {
  await lockUserCount(client);
  const { isAdmin, others } = await administratorCounts(client, userId);
  if (isAdmin && others === 0n) throw conflict(message);
}
