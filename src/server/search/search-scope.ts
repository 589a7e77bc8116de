import { parseDateBound } from "../platform/validation/date-bound";
import type { SearchFilters } from "./search-engine";

export { scopeClauses, type ScopeClause, type ScopeField } from "../identity/authz/archive-scope";

/** The sentAt range of the date filters: inclusive `from`, exclusive `until`. */
export function sentAtRange(filters: SearchFilters): { from?: Date; until?: Date } {
  return {
    from: filters.startDate ? parseDateBound(filters.startDate)?.from : undefined,
    until: filters.endDate ? parseDateBound(filters.endDate)?.until : undefined,
  };
}
