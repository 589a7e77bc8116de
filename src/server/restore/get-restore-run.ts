import { db } from "../db/client";
import { notFound } from "../errors/app-error";
import { toRestoreRunDto, type RestoreRunDto } from "./restore-run-dto";

/** `GET /v1/archived-emails/restore/{runId}`: a bulk restore's progress. */
export async function getRestoreRun(options: { runId: string }): Promise<RestoreRunDto> {
  const run = await db().restoreRun.findUnique({ where: { id: options.runId } });
  if (!run) throw notFound("Restore run");
  return toRestoreRunDto(run);
}
