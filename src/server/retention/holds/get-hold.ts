import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { loadHolds, type LegalHoldDto } from "./load-holds";

export async function getHold(options: { id: string }): Promise<LegalHoldDto> {
  const [hold] = await loadHolds(db(), options.id);
  if (!hold) throw notFound("Legal hold");
  return hold;
}
