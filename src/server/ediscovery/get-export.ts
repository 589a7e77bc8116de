import type { Principal } from "../auth/principal";
import { db, type DbOrTx } from "../db/client";
import { notFound } from "../errors/app-error";
import { accessibleCase } from "./case-access";
import { exportDto, type ExportDto } from "./case-records-dto";

export async function findExport(client: DbOrTx, caseId: string, exportId: string) {
  const row = await client.ediscoveryExport.findFirst({ where: { id: exportId, caseId } });
  if (!row) throw notFound("Export");
  return row;
}

export async function getExport(options: { principal: Principal; caseId: string; exportId: string }): Promise<ExportDto> {
  await accessibleCase(db(), options.principal, options.caseId);
  return exportDto(await findExport(db(), options.caseId, options.exportId));
}
