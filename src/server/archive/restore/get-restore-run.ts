import type { Principal } from "../../identity/auth/principal";
import { can } from "../../identity/authz/ability";
import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { toRestoreRunDto, type RestoreRunDto } from "./restore-run-dto";

/**
 * `GET /v1/archived-emails/restore/{runId}`: a bulk restore's progress, for the caller who
 * requested it and manage:all only; anyone else gets the 404 of an unknown run.
 */
export async function getRestoreRun(options: { principal: Principal; runId: string }): Promise<RestoreRunDto> {
  const run = await db().restoreRun.findUnique({ where: { id: options.runId } });
  const requester = (run?.actor as { userId?: string } | undefined)?.userId;
  if (!run || (requester !== options.principal.userId && !can(options.principal.ability, "manage:all"))) throw notFound("Restore run");
  return toRestoreRunDto(run);
}
