import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { deactivateHoldsOfClosingCase } from "../retention/holds/hold-release";
import { accessibleCase } from "./case-access";
import { loadCaseDtos } from "./load-case-dtos";
import type { CaseDto } from "./ediscovery.responses";
import { caseWriteError } from "./ediscovery.errors";
import { replaceCaseMembers } from "./cases.queries";
import { nameKey, type UpdateCaseInput } from "./ediscovery.schemas";

/**
 * Changes only the provided fields. Closing the case deactivates its active holds in the same
 * transaction (one audit entry per hold), which only a caller who manages holds may do: anyone else
 * gets 409 naming them (hold-release.ts). Reopening the case leaves them inactive.
 */
export async function updateCase(options: { principal: Principal; id: string; input: UpdateCaseInput }): Promise<CaseDto> {
  const { principal, input } = options;
  try {
    return await transaction(async (tx) => {
      const before = await accessibleCase(tx, principal, options.id, "update");
      const [beforeDto] = await loadCaseDtos(tx, [before]);
      const closing = input.status === "closed" && before.status === "open";
      const reopening = input.status === "open" && before.status === "closed";
      await tx.ediscoveryCase.update({
        where: { id: options.id },
        data: {
          ...(input.name !== undefined && { name: input.name, nameKey: nameKey(input.name) }),
          ...(input.description !== undefined && { description: input.description }),
          ...(input.custodians !== undefined && { custodians: input.custodians }),
          ...(closing && { status: "closed", closedAt: new Date() }),
          ...(reopening && { status: "open", closedAt: null }),
        },
      });
      if (input.memberIds !== undefined) await replaceCaseMembers(tx, options.id, input.memberIds);
      const deactivatedHoldIds = closing ? await deactivateHoldsOfClosingCase(tx, principal, options.id) : [];
      const [after] = await loadCaseDtos(tx, [await accessibleCase(tx, principal, options.id)]);
      await appendAuditEntry(tx, {
        actor: principal.actor,
        actionType: "UPDATE",
        targetType: "EdiscoveryCase",
        targetId: options.id,
        details: { caseId: options.id, changes: changedFields(beforeDto, after), deactivatedHoldIds },
      });
      return after;
    });
  } catch (error) {
    throw caseWriteError(error, input.name);
  }
}

const COMPARED = ["name", "description", "status", "custodians", "memberIds"] as const;

function changedFields(before: CaseDto, after: CaseDto): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of COMPARED) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}
