import { appendAuditEntry } from "../../audit/append-audit-entry";
import type { Principal } from "../../identity/auth/principal";
import { transaction } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { holdNameKey, holdWriteError } from "./legal-holds.errors";
import { loadHolds } from "./load-holds";
import type { LegalHoldDto } from "./legal-holds.responses";
import type { UpdateHoldInput } from "./legal-holds.schemas";
import { lockHold } from "./legal-holds.queries";
import { authorizeHoldRelease } from "./hold-release";

/**
 * Changes only the provided fields. Deactivating lifts protection at once: protection is computed
 * from is_active at the moment a deletion checks it, so nothing else needs to happen here; it is the
 * hold managers' alone (hold-release.ts).
 */
export async function updateHold(options: { principal: Principal; id: string; input: UpdateHoldInput }): Promise<LegalHoldDto> {
  const { input } = options;
  try {
    return await transaction(async (tx) => {
      const before = await lockHold(tx, options.id, "update");
      if (!before) throw notFound("Legal hold");
      if (before.is_active && input.isActive === false) await authorizeHoldRelease(tx, options.principal, "deactivate a legal hold");
      await tx.legalHold.update({
        where: { id: options.id },
        data: {
          ...(input.name !== undefined && { name: input.name, nameKey: holdNameKey(input.name) }),
          ...(input.reason !== undefined && { reason: input.reason }),
          ...(input.isActive !== undefined && { isActive: input.isActive }),
          ...(input.caseId !== undefined && { caseId: input.caseId }),
        },
      });
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (input.name !== undefined && input.name !== before.name) changes.name = { from: before.name, to: input.name };
      if (input.reason !== undefined && input.reason !== before.reason) changes.reason = { from: before.reason, to: input.reason };
      if (input.isActive !== undefined && input.isActive !== before.is_active) {
        changes.isActive = { from: before.is_active, to: input.isActive };
      }
      if (input.caseId !== undefined && input.caseId !== before.case_id) changes.caseId = { from: before.case_id, to: input.caseId };
      await appendAuditEntry(tx, {
        actor: options.principal.actor,
        actionType: "UPDATE",
        targetType: "LegalHold",
        targetId: options.id,
        // The case the hold is in after the change, or the one it left: its activity shows the change.
        details: { changes, caseId: input.caseId ?? before.case_id },
      });
      return (await loadHolds(tx, options.id))[0];
    });
  } catch (error) {
    throw holdWriteError(error, input.name);
  }
}
