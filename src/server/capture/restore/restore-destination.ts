import type { Principal } from "../../identity/auth/principal";
import { can, type ArchiveCondition } from "../../identity/authz/ability";
import { contentScope } from "../../identity/authz/content-scope";
import { AppError } from "../../platform/errors/app-error";

/**
 * Where a caller may restore to (docs/imap.md, "Restoring to a mailbox"): a caller who manages
 * ingestion sources (manage:ingestion, and so manage:all), and so configures their mailboxes and
 * credentials, may restore into any IMAP source; anyone else with restore:archive only into the
 * source an email was archived from (its own mailbox).
 */
const restoresAnywhere = (principal: Principal) => can(principal.ability, "manage:ingestion");

/** 403 unless the caller may restore this email into the destination source. */
export function assertRestoreDestination(principal: Principal, email: { ingestionSourceId: string }, destinationId: string): void {
  if (restoresAnywhere(principal) || email.ingestionSourceId === destinationId) return;
  throw new AppError(
    "FORBIDDEN",
    "You may restore an email only into the mailbox it was archived from; restoring into another source needs manage:ingestion",
  );
}

/**
 * The scope a bulk restore runs under: the caller's restore:archive scope, narrowed (unless they
 * may restore anywhere) to the destination's own emails; emails outside it count as failed.
 */
export function bulkRestoreScope(principal: Principal, destinationId: string): ArchiveCondition[] | null {
  const scope = contentScope(principal.ability, "restore");
  if (restoresAnywhere(principal)) return scope;
  const own = destinationId.toLowerCase();
  return (scope ?? [{}]).flatMap((condition) => {
    const allowed = condition.ingestionSourceId;
    const values = allowed === undefined ? [own] : typeof allowed === "string" ? [allowed] : allowed.$in;
    return values.some((value) => value.toLowerCase() === own) ? [{ ...condition, ingestionSourceId: own }] : [];
  });
}
