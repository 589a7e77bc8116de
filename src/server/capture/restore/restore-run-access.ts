import type { Principal } from "../../identity/auth/principal";
import { can } from "../../identity/authz/ability";
import type { Tx } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";

/** A bulk restore belongs to whoever requested it, and to manage:all: they alone follow it and retry its job. */
export function isRunRequesterOrAdmin(principal: Principal, run: { actor: unknown }): boolean {
  const requester = (run.actor as { userId?: string } | null)?.userId;
  return requester === principal.userId || can(principal.ability, "manage:all");
}

/**
 * The retry check of `archive.restore` jobs (installation/system/job-retry-checks.ts): 403 unless the
 * caller requested the restore or holds manage:all. manage:system alone (which retries other failed
 * jobs) does not do: whoever may also re-point a source (manage:ingestion) must not be the one who
 * sets someone else's restore going again.
 */
export async function assertMayRetryRestoreJob(options: {
  principal: Principal;
  payload: Record<string, unknown>;
  client: Tx;
}): Promise<void> {
  const run = await options.client.restoreRun.findUnique({ where: { id: String(options.payload.runId) }, select: { actor: true } });
  if (isRunRequesterOrAdmin(options.principal, { actor: run?.actor ?? null })) return;
  throw new AppError("FORBIDDEN", "Only whoever requested this restore, or a caller with manage:all, may retry its job");
}
