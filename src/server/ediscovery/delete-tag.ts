import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { transaction } from "../db/client";
import { accessibleCase } from "./case-access";
import { assertCaseOpen } from "./case-scope";
import { findTag } from "./find-tag";

/** Deletes the tag and its applications (audited with how many emails carried it). */
export async function deleteTag(options: { principal: Principal; caseId: string; tagId: string }): Promise<void> {
  await transaction(async (tx) => {
    assertCaseOpen(await accessibleCase(tx, options.principal, options.caseId, "share"));
    const tag = await findTag(tx, options.caseId, options.tagId);
    const emailsUntagged = await tx.ediscoveryTaggedEmail.count({ where: { tagId: tag.id } });
    await tx.ediscoveryTag.delete({ where: { id: tag.id } });
    await appendAuditEntry(tx, {
      actor: options.principal.actor,
      actionType: "DELETE",
      targetType: "EdiscoveryTag",
      targetId: tag.id,
      details: { caseId: options.caseId, name: tag.name, emailsUntagged },
    });
  });
}
