import type { Principal } from "../auth/principal";
import { db, type DbOrTx } from "../db/client";
import { accessibleCase } from "./case-access";
import { tagDto, type TagDto } from "./case-records-dto";

async function tagCounts(client: DbOrTx, tagIds: string[]): Promise<Map<string, number>> {
  const groups = await client.ediscoveryTaggedEmail.groupBy({ by: ["tagId"], where: { tagId: { in: tagIds } }, _count: { _all: true } });
  return new Map(groups.map((group) => [group.tagId, group._count._all]));
}

/** The case's review tags, oldest first, each with how many emails carry it. */
export async function listTags(options: { principal: Principal; caseId: string }): Promise<TagDto[]> {
  await accessibleCase(db(), options.principal, options.caseId);
  const tags = await db().ediscoveryTag.findMany({ where: { caseId: options.caseId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const counts = await tagCounts(
    db(),
    tags.map((tag) => tag.id),
  );
  return tags.map((tag) => tagDto(tag, counts.get(tag.id) ?? 0));
}
