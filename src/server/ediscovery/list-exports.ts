import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { accessibleCase } from "./case-access";
import { exportDto } from "./case-records-dto";
import type { ExportDto } from "./ediscovery.responses";

/** The case's exports, newest first. */
export async function listExports(options: { principal: Principal; caseId: string }): Promise<ExportDto[]> {
  await accessibleCase(db(), options.principal, options.caseId);
  const rows = await db().ediscoveryExport.findMany({
    where: { caseId: options.caseId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(exportDto);
}
