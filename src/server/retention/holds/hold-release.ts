import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { can } from "../../identity/authz/ability";
import type { Permission } from "../../identity/authz/permissions";
import type { Tx } from "../../platform/db/client";
import { AppError, conflict } from "../../platform/errors/app-error";
import { allowHoldReleaseInTransaction, lockActiveHoldsOfCase } from "./legal-holds.queries";

/**
 * Who may lift legal-hold protection (issue 34, item 2; docs/retention.md "Who may lift a hold").
 * Protection goes away when a hold is deactivated or deleted, or when a link of an active hold to an
 * email is removed. Every code path doing one of these calls `authorizeHoldRelease` in its
 * transaction first; the database refuses them in a transaction that did not (migration
 * 20261127170000_hold_release_guard), so a path that forgets fails instead of lifting protection.
 * tests/security/hold-release.int.test.ts walks every such path.
 */

/** The permission that manages holds (every hold operation but reading an email's holds); the interface's `manage:all` grants it. */
export const MANAGE_HOLDS: Permission = "manage:holds";

export const canManageHolds = (principal: Principal): boolean => can(principal.ability, MANAGE_HOLDS);

/**
 * 403 unless `principal` manages holds; otherwise lets the rest of the transaction lift protection.
 * `what` completes the refusal ("… may deactivate a legal hold").
 */
export async function authorizeHoldRelease(client: Tx, principal: Principal, what: string): Promise<void> {
  if (!canManageHolds(principal)) {
    throw new AppError("FORBIDDEN", `Only a user who manages legal holds (${MANAGE_HOLDS}) may ${what}`);
  }
  await allowHoldReleaseInTransaction(client, principal.actor.identifier);
}

/**
 * Closing a case: deactivates its active holds in the caller's transaction, one audit entry per hold
 * with the real actor; answers their ids. A caller who may not manage holds gets 409 naming the
 * active holds (the case stays open; a hold manager closes it or deactivates the holds first).
 */
export async function deactivateHoldsOfClosingCase(client: Tx, principal: Principal, caseId: string): Promise<string[]> {
  const holds = await lockActiveHoldsOfCase(client, caseId);
  if (holds.length === 0) return [];
  if (!canManageHolds(principal)) {
    const names = holds.map((hold) => `"${hold.name}"`).sort();
    throw conflict(
      `The case has active legal hold(s) ${names.join(", ")}: closing it would lift them, which only a user who manages ` +
        `legal holds (${MANAGE_HOLDS}) may do. Ask one to close the case or to deactivate the holds first.`,
    );
  }
  await authorizeHoldRelease(client, principal, "deactivate legal holds");
  for (const hold of holds) {
    await client.legalHold.update({ where: { id: hold.id }, data: { isActive: false } });
    await appendAuditEntry(client, {
      actor: principal.actor,
      actionType: "UPDATE",
      targetType: "LegalHold",
      targetId: hold.id,
      details: { changes: { isActive: { from: true, to: false } }, reason: "case closed", caseId },
    });
  }
  return holds.map((hold) => hold.id);
}
