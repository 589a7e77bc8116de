import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { loadHolds } from "./load-holds";
import type { LegalHoldDto } from "./legal-holds.responses";

export async function getHold(options: { id: string }): Promise<LegalHoldDto> {
  const [hold] = await loadHolds(db(), options.id);
  if (!hold) throw notFound("Legal hold");
  return hold;
}
