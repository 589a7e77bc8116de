import type { DbOrTx } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";

export async function findTag(client: DbOrTx, caseId: string, tagId: string) {
  const tag = await client.ediscoveryTag.findFirst({ where: { id: tagId, caseId } });
  if (!tag) throw notFound("Tag");
  return tag;
}
