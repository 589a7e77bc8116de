import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { accessibleCase } from "./case-access";
import { loadCaseDtos } from "./load-case-dtos";
import type { CaseDto } from "./ediscovery.responses";
import { caseWriteError } from "./ediscovery.errors";
import { addExistingUserAsMember, replaceCaseMembers } from "./cases.queries";
import { nameKey, type CreateCaseInput } from "./ediscovery.schemas";

/** Creates an open case; its creator is one of its members. */
export async function createCase(options: { principal: Principal; input: CreateCaseInput }): Promise<CaseDto> {
  const { principal, input } = options;
  try {
    return await transaction(async (tx) => {
      const created = await tx.ediscoveryCase.create({
        data: {
          name: input.name,
          nameKey: nameKey(input.name),
          description: input.description ?? null,
          custodians: input.custodians ?? [],
          createdById: principal.userId,
        },
      });
      await replaceCaseMembers(tx, created.id, input.memberIds ?? []);
      // The creator works on the cases they create.
      await addExistingUserAsMember(tx, created.id, principal.userId);
      const [dto] = await loadCaseDtos(tx, [await accessibleCase(tx, principal, created.id)]);
      await appendAuditEntry(tx, {
        actor: principal.actor,
        actionType: "CREATE",
        targetType: "EdiscoveryCase",
        targetId: created.id,
        details: { caseId: created.id, name: dto.name, custodians: dto.custodians, memberIds: dto.memberIds },
      });
      return dto;
    });
  } catch (error) {
    throw caseWriteError(error, input.name);
  }
}
