import { ARCHIVE_CONDITION_FIELDS } from "./permissions";

/** One condition of a role on archive records (CASL's Mongo-style query): a field equals a value or one of a list. */
export type ArchiveCondition = Record<string, string | { $in: string[] }>;

/**
 * The fields a scope may restrict on: those of role conditions, and `partyEmail`, which only an
 * eDiscovery case's custodians produce (ediscovery/case-scope.ts; role policies cannot name it): the
 * address is the email's mailbox or one of its participants (sender, To/Cc/Bcc recipient, journal
 * envelope recipient, journaled participant). A per-record check has no such field and fails closed.
 */
export const SCOPE_FIELDS = [...ARCHIVE_CONDITION_FIELDS, "partyEmail"] as const;

export type ScopeField = (typeof SCOPE_FIELDS)[number];

/** One role condition as sets of allowed values per field (AND across fields); values canonical. */
export type ScopeClause = Partial<Record<ScopeField, string[]>>;

/**
 * The one comparison rule of role conditions, for single records and for list and search queries
 * alike: ASCII letters folded to lowercase, nothing else changed. Addresses then compare
 * case-insensitively and UUIDs in their canonical lowercase form, exactly as the SQL side compares
 * `lower(column)` (PostgreSQL's lower() in the C locale the service's database is created with folds
 * ASCII letters only) and `ingestion_source_id::text` (always lowercase).
 */
const canonicalScopeValue = (value: string): string => value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * Role conditions on archive → clauses (OR-ed), or null when unrestricted. A condition on a field no
 * adapter knows matches nothing (fail closed).
 */
export function scopeClauses(scope: ArchiveCondition[] | null | undefined): ScopeClause[] | null {
  if (scope === null || scope === undefined) return null;
  const clauses: ScopeClause[] = [];
  for (const condition of scope) {
    const clause: ScopeClause = {};
    let satisfiable = true;
    for (const [field, value] of Object.entries(condition)) {
      if (!(SCOPE_FIELDS as readonly string[]).includes(field)) {
        satisfiable = false;
        break;
      }
      const values = (typeof value === "string" ? [value] : Array.isArray(value?.$in) ? value.$in : []).map((item) =>
        canonicalScopeValue(String(item)),
      );
      const known = clause[field as ScopeField];
      clause[field as ScopeField] = known ? known.filter((item) => values.includes(item)) : values;
    }
    if (satisfiable && Object.values(clause).every((values) => values.length > 0)) clauses.push(clause);
  }
  return clauses;
}

/**
 * Whether one email's fields satisfy the clauses (null = unrestricted), by the same rule as the SQL.
 * A field may hold several values (a journaled email's mailbox and its participants): any one matches.
 */
export function recordInScope(clauses: ScopeClause[] | null, record: Record<string, unknown>): boolean {
  if (clauses === null) return true;
  return clauses.some((clause) =>
    Object.entries(clause).every(([field, values]) => {
      const value = record[field];
      const candidates = Array.isArray(value) ? value : [value];
      return candidates.some((candidate) => typeof candidate === "string" && values.includes(canonicalScopeValue(candidate)));
    }),
  );
}
