import { db } from "../../platform/db/client";
import { toLabelDto, type RetentionLabelDto } from "./to-label-dto";

export async function listLabels(): Promise<RetentionLabelDto[]> {
  const labels = await db().retentionLabel.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return labels.map(toLabelDto);
}
