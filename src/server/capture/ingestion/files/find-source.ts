import type { AuditActor } from "../../../audit/append-audit-entry";
import { createSource } from "../../create-source";
import { db } from "../../../platform/db/client";
import { notFound } from "../../../platform/errors/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A source by id or by name (case-insensitive), for the command line. */
export async function findSourceByIdOrName(options: { idOrName: string }): Promise<{ id: string; name: string; config: unknown }> {
  const source = await db().ingestionSource.findFirst({
    where: UUID.test(options.idOrName) ? { id: options.idOrName } : { nameKey: options.idOrName.toLowerCase() },
    select: { id: true, name: true, config: true },
  });
  if (!source) throw notFound(`Ingestion source "${options.idOrName}"`);
  return source;
}

/** `--create`: the source named `name`, created as an upload source when missing (concurrent runs agree). */
export async function findOrCreateUploadSource(options: { actor: AuditActor; name: string }) {
  try {
    return await findSourceByIdOrName({ idOrName: options.name });
  } catch {
    try {
      return await createSource({ actor: options.actor, input: { name: options.name, provider: "upload", config: {} } });
    } catch {
      return findSourceByIdOrName({ idOrName: options.name });
    }
  }
}
