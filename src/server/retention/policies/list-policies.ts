import { db } from "../../platform/db/client";
import { toPolicyDto } from "./retention-policy-dto";
import type { RetentionPolicyDto } from "./retention-policies.responses";

/** Ordered by creation date ascending, like holds and labels. */
export async function listPolicies(): Promise<RetentionPolicyDto[]> {
  const policies = await db().retentionPolicy.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return policies.map(toPolicyDto);
}
