import type { DbOrTx } from "../../platform/db/client";
import { validationError } from "../../platform/errors/app-error";

/** A policy restricted to a source that does not exist would silently match nothing: 422 instead. */
export async function assertIngestionSourcesExist(client: DbOrTx, ids: string[] | undefined): Promise<void> {
  if (!ids || ids.length === 0) return;
  const found = await client.ingestionSource.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const known = new Set(found.map((source) => source.id));
  const errors = ids
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => !known.has(id))
    .map(({ id, index }) => ({ field: `ingestionSourceIds.${index}`, message: `ingestion source ${id} does not exist` }));
  if (errors.length > 0) throw validationError(errors);
}
