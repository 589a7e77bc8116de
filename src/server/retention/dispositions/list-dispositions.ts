import type { Principal } from "../../identity/auth/principal";
import { db } from "../../platform/db/client";
import { countReviewedDispositions, selectReviewedDispositions } from "./dispositions.queries";
import { toDispositionDto } from "./disposition-dto";
import type { ListDispositionsQuery } from "./dispositions.schemas";
import type { DispositionPage } from "./dispositions.responses";

/** The dispositions the caller reviews, the earliest due first (then by id, a stable order for pages). */
export async function listDispositions(options: { principal: Principal; query: ListDispositionsQuery }): Promise<DispositionPage> {
  const { query } = options;
  const filter = { status: query.status, rule: query.rule };
  const [rows, total] = await Promise.all([
    selectReviewedDispositions(db(), { principal: options.principal, filter, limit: query.limit, offset: (query.page - 1) * query.limit }),
    countReviewedDispositions(db(), options.principal, filter),
  ]);
  return { items: rows.map(toDispositionDto), total, page: query.page, limit: query.limit };
}

/** How many pending dispositions wait for the caller (the dashboard's review queue). */
export async function countReviewQueue(options: { principal: Principal }): Promise<number> {
  return countReviewedDispositions(db(), options.principal, { status: "pending" });
}
