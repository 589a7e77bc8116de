import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { isUniqueViolation } from "../platform/db/database-errors";
import { accessibleCase } from "./case-access";
import { tagDto } from "./case-records-dto";
import type { TagDto } from "./ediscovery.responses";
import { assertCaseOpen } from "./case-scope";
import { duplicateTagName } from "./ediscovery.errors";
import { nameKey } from "./ediscovery.schemas";

export async function createTag(options: { principal: Principal; caseId: string; name: string }): Promise<TagDto> {
  try {
    return await transaction(async (tx) => {
      assertCaseOpen(await accessibleCase(tx, options.principal, options.caseId, "share"));
      const tag = await tx.ediscoveryTag.create({ data: { caseId: options.caseId, name: options.name, nameKey: nameKey(options.name) } });
      await appendAuditEntry(tx, {
        actor: options.principal.actor,
        actionType: "CREATE",
        targetType: "EdiscoveryTag",
        targetId: tag.id,
        details: { caseId: options.caseId, name: tag.name },
      });
      return tagDto(tag, 0);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTagName(options.name);
    throw error;
  }
}
