import { Prisma } from "@/generated/prisma/client";
import type { Principal } from "../auth/principal";
import { archiveScope } from "../authz/ability";
import { scopeCondition } from "../search/postgres-search-conditions.queries";

/** SQL condition on `archived_emails e` for the emails the caller's role lets them read. */
export function visibleEmailsCondition(principal: Principal): Prisma.Sql {
  return scopeCondition(archiveScope(principal.ability, "read")) ?? Prisma.sql`TRUE`;
}
