import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { transaction } from "../platform/db/client";
import { accessibleCase } from "./case-access";
import { assertCaseOpen } from "./case-scope";
import { findTag } from "./find-tag";
import { readableEmailIds } from "./apply-tag";
import { unlinkTaggedEmails } from "./tags.queries";

/** Takes the tag off the given emails (idempotent), each one the member may read (else 404), audited with the ids. */
export async function removeTag(options: {
  principal: Principal;
  caseId: string;
  tagId: string;
  emailIds: string[];
}): Promise<{ tagId: string; emailsUntagged: number }> {
  const { principal } = options;
  return transaction(async (tx) => {
    assertCaseOpen(await accessibleCase(tx, principal, options.caseId, "share"));
    const tag = await findTag(tx, options.caseId, options.tagId);
    const ids = await readableEmailIds(tx, principal, options.emailIds);
    const emailsUntagged = await unlinkTaggedEmails(tx, tag.id, ids);
    await appendAuditEntry(tx, {
      actor: principal.actor,
      actionType: "TAG_REMOVE",
      targetType: "EdiscoveryTag",
      targetId: tag.id,
      details: { caseId: options.caseId, tag: tag.name, emailIds: ids, emailsUntagged },
    });
    return { tagId: tag.id, emailsUntagged };
  });
}
