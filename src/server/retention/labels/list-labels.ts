import { db } from "../../platform/db/client";
import { toLabelDto } from "./to-label-dto";
import type { RetentionLabelDto } from "./retention-labels.responses";

export async function listLabels(): Promise<RetentionLabelDto[]> {
  const labels = await db().retentionLabel.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return labels.map(toLabelDto);
}
