import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { holdNameKey, holdWriteError } from "./legal-holds.errors";
import { loadHolds } from "./load-holds";
import type { LegalHoldDto } from "./legal-holds.responses";
import type { CreateHoldInput } from "./legal-holds.schemas";

/**
 * Creates an active hold; the unique index on the lower-cased name refuses duplicates (409), the
 * foreign key an unknown caseId (422).
 */
export async function createHold(options: { actor: AuditActor; input: CreateHoldInput }): Promise<LegalHoldDto> {
  const { input } = options;
  try {
    return await transaction(async (tx) => {
      const hold = await tx.legalHold.create({
        data: {
          name: input.name,
          nameKey: holdNameKey(input.name),
          reason: input.reason ?? null,
          caseId: input.caseId ?? null,
          isActive: true,
        },
      });
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "CREATE",
        targetType: "LegalHold",
        targetId: hold.id,
        details: { name: hold.name, reason: hold.reason, caseId: hold.caseId },
      });
      return (await loadHolds(tx, hold.id))[0];
    });
  } catch (error) {
    throw holdWriteError(error, input.name);
  }
}
