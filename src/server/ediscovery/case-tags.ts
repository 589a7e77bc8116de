import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../auth/principal";
import { db, transaction, type DbOrTx } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { conflict, notFound } from "../errors/app-error";
import { accessibleCase } from "./case-access";
import { tagDto, type TagDto } from "./case-records-dto";
import { assertCaseOpen } from "./case-scope";
import { nameKey } from "./ediscovery.schemas";

export async function findTag(client: DbOrTx, caseId: string, tagId: string) {
  const tag = await client.ediscoveryTag.findFirst({ where: { id: tagId, caseId } });
  if (!tag) throw notFound("Tag");
  return tag;
}

async function tagCounts(client: DbOrTx, tagIds: string[]): Promise<Map<string, number>> {
  const groups = await client.ediscoveryTaggedEmail.groupBy({ by: ["tagId"], where: { tagId: { in: tagIds } }, _count: { _all: true } });
  return new Map(groups.map((group) => [group.tagId, group._count._all]));
}

/** The case's review tags, oldest first, each with how many emails carry it. */
export async function listTags(options: { principal: Principal; caseId: string }): Promise<TagDto[]> {
  await accessibleCase(db(), options.principal, options.caseId);
  const tags = await db().ediscoveryTag.findMany({ where: { caseId: options.caseId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const counts = await tagCounts(db(), tags.map((tag) => tag.id));
  return tags.map((tag) => tagDto(tag, counts.get(tag.id) ?? 0));
}

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
    if (isUniqueViolation(error)) throw conflict(`The case already has a tag named "${options.name}"`);
    throw error;
  }
}

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
