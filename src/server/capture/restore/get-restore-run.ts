import type { Principal } from "../../identity/auth/principal";
import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { isRunRequesterOrAdmin } from "./restore-run-access";
import { toRestoreRunDto } from "./restore-run-dto";
import type { RestoreRunDto } from "./restore.responses";

/**
 * `GET /v1/archived-emails/restore/{runId}`: a bulk restore's progress, for the caller who
 * requested it and manage:all only; anyone else gets the 404 of an unknown run.
 */
export async function getRestoreRun(options: { principal: Principal; runId: string }): Promise<RestoreRunDto> {
  const run = await db().restoreRun.findUnique({ where: { id: options.runId } });
  if (!run || !isRunRequesterOrAdmin(options.principal, run)) throw notFound("Restore run");
  return toRestoreRunDto(run);
}
