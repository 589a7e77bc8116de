import { Prisma } from "@/generated/prisma/client";
import type { ArchiveCondition } from "../identity/authz/ability";
import { scopeClauses, type ScopeClause, type ScopeField } from "../identity/authz/archive-scope";

type Sql = Prisma.Sql;

/**
 * An email's mailbox and participants, lower-cased (migration 20261127204500_email_party_addresses):
 * exactly the expression of the GIN index `archived_emails_party_addresses_idx`, which serves `&&`.
 */
const PARTY_ADDRESSES = Prisma.sql`email_party_addresses(e.user_email, e.sender_email, e.recipient_emails, e.envelope_recipients, e.participant_emails)`;

type ColumnField = Exclude<ScopeField, "partyEmail">;
const SCOPE_COLUMNS: Record<ColumnField, Sql> = {
  userEmail: Prisma.sql`lower(e.user_email)`,
  senderEmail: Prisma.sql`lower(e.sender_email)`,
  ingestionSourceId: Prisma.sql`e.ingestion_source_id::text`,
};

/**
 * A `userEmail` condition also matches the internal participants of journaled mail
 * (docs/journaling.md, "Who sees journaled mail"): `&&` on the GIN-indexed participant_emails. A
 * `partyEmail` condition (a case's custodians, docs/ediscovery.md) matches the mailbox or any
 * participant: `&&` on the GIN-indexed party addresses.
 */
function fieldCondition(field: ScopeField, values: string[]): Sql {
  if (field === "partyEmail") return Prisma.sql`${PARTY_ADDRESSES} && ${values}::text[]`;
  const matches = Prisma.sql`${SCOPE_COLUMNS[field]} = ANY(${values}::text[])`;
  return field === "userEmail" ? Prisma.sql`(${matches} OR e.participant_emails && ${values}::text[])` : matches;
}

function clauseCondition(clause: ScopeClause): Sql {
  const parts = Object.entries(clause).map(([field, values]) => fieldCondition(field as ScopeField, values));
  return parts.length === 0 ? Prisma.sql`TRUE` : Prisma.sql`(${Prisma.join(parts, " AND ")})`;
}

/** The role scope as one condition, or null when unrestricted (an empty scope is FALSE). */
export function scopeCondition(scope: ArchiveCondition[] | null | undefined): Sql | null {
  const clauses = scopeClauses(scope);
  if (clauses === null) return null;
  if (clauses.length === 0) return Prisma.sql`FALSE`;
  return Prisma.sql`(${Prisma.join(clauses.map(clauseCondition), " OR ")})`;
}
