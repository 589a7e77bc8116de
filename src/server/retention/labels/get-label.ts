import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { toLabelDto } from "./to-label-dto";
import type { RetentionLabelDto } from "./retention-labels.responses";

export async function getLabel(options: { id: string }): Promise<RetentionLabelDto> {
  const label = await db().retentionLabel.findUnique({ where: { id: options.id } });
  if (!label) throw notFound("Retention label");
  return toLabelDto(label);
}
