import { AppError } from "../../platform/errors/app-error";
import { archiveScope, type AppAbility, type ArchiveCondition } from "./ability";
import { scopeClauses, type ScopeClause } from "./archive-scope";

/**
 * The one rule of what archived mail may leave the archive to a caller (docs/ediscovery.md, "Who
 * sees what"): content or metadata of an email (its bytes, summary, subject, addresses, its place
 * in a tag, count or production, the audit details naming it) reaches a caller only when the
 * email is inside their `contentScope`. Paths that return it to the caller use `"read"`
 * (`read:archive`'s conditions); paths that write it into a mailbox use `"restore"`
 * (`restore:archive`'s). null = the whole archive, [] = nothing (no such permission).
 *
 * Every list, count, search, tag change, export, download, verification, restore and audit answer
 * takes its scope from here, either as SQL (`scopeCondition`), per record (`recordInScope`), or,
 * for a production fixed under a recorded scope, through `assertScopeCovers`.
 */
export function contentScope(ability: AppAbility, use: "read" | "restore" = "read"): ArchiveCondition[] | null {
  return archiveScope(ability, use);
}

/** Whether the caller reads every archived email (no conditions); audit details of mail are shown only then. */
export const readsWholeArchive = (ability: AppAbility): boolean => contentScope(ability) === null;

/** Every email the clause selects is one `wider` selects: each field `wider` restricts, `narrower` restricts to a subset. */
const clauseWithin = (narrower: ScopeClause, wider: ScopeClause): boolean =>
  Object.entries(wider).every(([field, allowed]) => {
    const values = narrower[field as keyof ScopeClause];
    return values !== undefined && values.every((value) => allowed.includes(value));
  });

/**
 * Whether the caller's scope covers a recorded one (both null = unrestricted): the caller is
 * unrestricted, or every clause of the recorded scope lies within one clause of the caller's
 * (same fields or more, each with a subset of the values; values compared as archive-scope.ts
 * compares them). Sound, not complete: a recorded clause covered only by the union of two of the
 * caller's clauses is not recognised, and the answer is then "not covered".
 */
export function scopeCovers(caller: ArchiveCondition[] | null, recorded: ArchiveCondition[] | null): boolean {
  const callerClauses = scopeClauses(caller);
  if (callerClauses === null) return true;
  const recordedClauses = scopeClauses(recorded);
  if (recordedClauses === null) return false;
  return recordedClauses.every((clause) => callerClauses.some((allowed) => clauseWithin(clause, allowed)));
}

/**
 * 403 unless the caller's read scope covers the scope a set of mail was fixed under (a production's
 * `scope`), naming why: no `read:archive` at all, or conditions narrower than the recorded ones.
 */
export function assertScopeCovers(ability: AppAbility, recorded: ArchiveCondition[] | null, what: string): void {
  const caller = contentScope(ability);
  if (scopeCovers(caller, recorded)) return;
  if (caller !== null && caller.length === 0)
    throw new AppError("FORBIDDEN", `${what} holds archived mail, and your role may not read archived mail (read:archive)`);
  throw new AppError(
    "FORBIDDEN",
    `${what} was produced ${recorded === null ? "without role conditions" : "under role conditions"} that your role's read:archive conditions do not cover: it may hold mail you may not read`,
  );
}
