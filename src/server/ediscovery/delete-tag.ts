import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { contentScope } from "../identity/authz/content-scope";
import { transaction } from "../platform/db/client";
import { AppError } from "../platform/errors/app-error";
import { scopeCondition } from "../archive/archive-scope.queries";
import { accessibleCase } from "./case-access";
import { assertCaseOpen } from "./case-scope";
import { findTag } from "./find-tag";
import { countTaggedEmailsWithin, lockTag } from "./tags.queries";

/**
 * Deletes the tag and its applications (audited with how many emails carried it). Deleting takes the
 * tag off every email it is on, so a member whose read scope does not take in all of them gets 403:
 * nobody removes a tag from mail they cannot see.
 */
export async function deleteTag(options: { principal: Principal; caseId: string; tagId: string }): Promise<void> {
  await transaction(async (tx) => {
    assertCaseOpen(await accessibleCase(tx, options.principal, options.caseId, "share"));
    const tag = await findTag(tx, options.caseId, options.tagId);
    await lockTag(tx, tag.id, "update");
    const emailsUntagged = await tx.ediscoveryTaggedEmail.count({ where: { tagId: tag.id } });
    const scope = scopeCondition(contentScope(options.principal.ability));
    const [readable] = scope === null ? [] : await countTaggedEmailsWithin(tx, [tag.id], scope);
    if (scope !== null && (readable?.count ?? 0) < emailsUntagged)
      throw new AppError("FORBIDDEN", "The tag is also on emails your role may not read: only someone who may read them all can delete it");
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
