import { parseDateBound } from "../validation/date-bound";
import type { ArchiveCondition } from "../authz/ability";
import { ARCHIVE_CONDITION_FIELDS } from "../authz/permissions";
import type { SearchFilters } from "./search-engine";

export type ScopeField = (typeof ARCHIVE_CONDITION_FIELDS)[number];

/** One role condition as sets of allowed values per field (AND across fields); values lower-cased. */
export type ScopeClause = Partial<Record<ScopeField, string[]>>;

/**
 * Role conditions on archive → clauses (OR-ed), or null when unrestricted. Addresses and UUIDs
 * compare case-insensitively. A condition on a field no adapter knows matches nothing (fail closed).
 */
export function scopeClauses(scope: ArchiveCondition[] | null | undefined): ScopeClause[] | null {
  if (scope === null || scope === undefined) return null;
  const clauses: ScopeClause[] = [];
  for (const condition of scope) {
    const clause: ScopeClause = {};
    let satisfiable = true;
    for (const [field, value] of Object.entries(condition)) {
      if (!(ARCHIVE_CONDITION_FIELDS as readonly string[]).includes(field)) {
        satisfiable = false;
        break;
      }
      const values = (typeof value === "string" ? [value] : Array.isArray(value?.$in) ? value.$in : []).map((item) =>
        String(item).toLowerCase(),
      );
      const known = clause[field as ScopeField];
      clause[field as ScopeField] = known ? known.filter((item) => values.includes(item)) : values;
    }
    if (satisfiable && Object.values(clause).every((values) => values.length > 0)) clauses.push(clause);
  }
  return clauses;
}

/** The sentAt range of the date filters: inclusive `from`, exclusive `until`. */
export function sentAtRange(filters: SearchFilters): { from?: Date; until?: Date } {
  return {
    from: filters.startDate ? parseDateBound(filters.startDate)?.from : undefined,
    until: filters.endDate ? parseDateBound(filters.endDate)?.until : undefined,
  };
}
