import type { Principal } from "../auth/principal";
import { db } from "../../platform/db/client";
import type { ApiKeyDto } from "./api-keys.responses";
import { toApiKeyDto } from "./api-keys.schemas";

export async function listApiKeys(options: { principal: Principal }): Promise<ApiKeyDto[]> {
  const keys = await db().apiKey.findMany({
    where: { userId: options.principal.userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return keys.map(toApiKeyDto);
}
