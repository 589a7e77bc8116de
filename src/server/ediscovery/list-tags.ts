import type { Principal } from "../identity/auth/principal";
import { contentScope } from "../identity/authz/content-scope";
import { db } from "../platform/db/client";
import { scopeCondition } from "../archive/archive-scope.queries";
import { accessibleCase } from "./case-access";
import { tagDto } from "./case-records-dto";
import type { TagDto } from "./ediscovery.responses";
import { countTaggedEmailsWithin } from "./tags.queries";

/** The case's review tags, oldest first, each with how many emails the caller may read carry it. */
export async function listTags(options: { principal: Principal; caseId: string }): Promise<TagDto[]> {
  await accessibleCase(db(), options.principal, options.caseId);
  const tags = await db().ediscoveryTag.findMany({ where: { caseId: options.caseId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const counts = await countTaggedEmailsWithin(
    db(),
    tags.map((tag) => tag.id),
    scopeCondition(contentScope(options.principal.ability)),
  );
  return tags.map((tag) => tagDto(tag, counts.find((count) => count.tag_id === tag.id)?.count ?? 0));
}
