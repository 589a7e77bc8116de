import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { withPgTransaction } from "../../platform/db/pg-pool";
import { conflict, notFound } from "../../platform/errors/app-error";
import { insertHoldLink, lockHoldAndEmail } from "./legal-holds.queries";
import { loadHoldLinks } from "./load-holds";
import type { HoldLinkDto } from "./legal-holds.responses";
import { trySyncBlobRetention } from "../lifecycle/blob-retention";

export const inactiveHold = () => conflict("The legal hold is inactive and accepts no new emails");

/**
 * Links a hold to an email; applying it again is a no-op answering the existing link. The
 * transaction runs on a `pg` connection: it is the audited write a busy API repeats most.
 */
export async function applyHoldToEmail(options: { principal: Principal; emailId: string; holdId: string }): Promise<HoldLinkDto> {
  const applied = await withPgTransaction(async (tx) => {
    const { hold, emailExists } = await lockHoldAndEmail(tx, options.holdId, options.emailId);
    if (!emailExists) throw notFound("Archived email");
    if (!hold) throw notFound("Legal hold");
    if (!hold.is_active) throw inactiveHold();
    const appliedAt = await insertHoldLink(tx, { emailId: options.emailId, holdId: options.holdId, userId: options.principal.userId });
    if (appliedAt === null) return (await loadHoldLinks(tx, options.emailId, options.holdId))[0];
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "APPLY_HOLD",
      targetType: "ArchivedEmail",
      targetId: options.emailId,
      details: { legalHoldId: hold.id, holdName: hold.name },
    });
    return {
      legalHoldId: hold.id,
      holdName: hold.name,
      isActive: true,
      appliedAt: appliedAt.toISOString(),
      appliedByUserId: options.principal.userId,
    };
  });
  // Immutability mode: a label or hold may lengthen how long the bytes must stay.
  await trySyncBlobRetention([options.emailId]);
  return applied;
}
