import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { toPolicyDto } from "./retention-policy-dto";
import type { RetentionPolicyDto } from "./retention-policies.responses";

export async function getPolicy(options: { id: string }): Promise<RetentionPolicyDto> {
  const policy = await db().retentionPolicy.findUnique({ where: { id: options.id } });
  if (!policy) throw notFound("Retention policy");
  return toPolicyDto(policy);
}
