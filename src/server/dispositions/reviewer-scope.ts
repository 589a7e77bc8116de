import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../auth/principal";
import { can } from "../authz/ability";

/**
 * `rule.reviewer_ids, rule.reviewer_role_id` of the label or policy a disposition (`disp`) was
 * recorded under; NULLs when that rule was deleted since.
 */
export const dispositionRuleJoin = Prisma.sql`
  LEFT JOIN LATERAL (
    SELECT l.reviewer_ids, l.reviewer_role_id FROM retention_labels l WHERE disp.rule_type = 'label' AND l.id = disp.rule_id
    UNION ALL
    SELECT p.reviewer_ids, p.reviewer_role_id FROM retention_policies p WHERE disp.rule_type = 'policy' AND p.id = disp.rule_id
  ) AS rule ON TRUE`;

/**
 * Who reviews a rule's dispositions: the users it names and the holders of the role it names;
 * when it names neither (or was deleted), the users with manage:all. A reviewer sees and decides
 * only the dispositions of the rules they review.
 */
export function reviewableBy(principal: Principal): Prisma.Sql {
  const unassigned = Prisma.sql`coalesce(cardinality(rule.reviewer_ids), 0) = 0 AND rule.reviewer_role_id IS NULL`;
  return Prisma.sql`(
    coalesce(${principal.userId}::uuid = ANY(rule.reviewer_ids), FALSE)
    OR coalesce(rule.reviewer_role_id = ${principal.roleId}::uuid, FALSE)
    OR (${can(principal.ability, "manage:all")} AND ${unassigned}))`;
}
