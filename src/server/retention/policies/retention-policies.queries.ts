import { Prisma } from "@/generated/prisma/client";
import { queryOne, type SqlClient } from "../../platform/db/sql-client";
import type { ConditionGroup, ConditionOp, ConditionRule } from "./retention-policies.schemas";

type Sql = Prisma.Sql;

/**
 * Compiles a policy's conditions into one boolean SQL expression on `archived_emails e`. Every
 * user value travels as a bind parameter; only the fixed column and operator templates below are
 * SQL text. Comparisons are case-insensitive (docs/retention.md). `null` conditions match every email.
 */
export function compileConditions(conditions: ConditionGroup | null): Sql {
  if (conditions === null) return Prisma.sql`TRUE`;
  const parts = conditions.rules.map(compileRule);
  return Prisma.sql`(${Prisma.join(parts, conditions.operator === "AND" ? " AND " : " OR ")})`;
}

/** The policy's whole match: its ingestion sources (none listed = all) and its conditions. */
export function compilePolicyMatch(policy: { conditions: ConditionGroup | null; ingestionSourceIds: string[] }): Sql {
  const conditions = compileConditions(policy.conditions);
  if (policy.ingestionSourceIds.length === 0) return conditions;
  return Prisma.sql`(e.ingestion_source_id = ANY(${policy.ingestionSourceIds}::uuid[]) AND ${conditions})`;
}

function compileRule(rule: ConditionRule): Sql {
  if (rule.field === "hasAttachments") return Prisma.sql`(e.has_attachments = ${rule.value === true})`;
  const value = String(rule.value);
  switch (rule.field) {
    case "sender":
      return textTest(Prisma.sql`e.sender_email`, rule.op, value);
    case "userEmail":
      return textTest(Prisma.sql`e.user_email`, rule.op, value);
    case "subject":
      return textTest(Prisma.sql`e.subject`, rule.op, value);
    case "recipient":
      return Prisma.sql`EXISTS (SELECT 1 FROM unnest(e.recipient_emails) AS recipient(address) WHERE ${textTest(Prisma.sql`recipient.address`, rule.op, value)})`;
    case "attachmentType":
      return attachmentTest(rule.op, value);
  }
}

/**
 * An attachment type matches an attachment's MIME type or its file-name extension (without the
 * dot), so `pdf`, `.pdf` and `application/pdf` all find PDF attachments.
 */
function attachmentTest(op: ConditionOp, value: string): Sql {
  const extension = Prisma.sql`substring(a.filename from '\\.([^.]+)$')`;
  const extensionValue = value.trim().replace(/^\./, "");
  return Prisma.sql`EXISTS (SELECT 1 FROM attachments a WHERE a.email_id = e.id AND (${textTest(Prisma.sql`a.mime_type`, op, value)} OR coalesce(${textTest(extension, op, extensionValue)}, FALSE)))`;
}

function textTest(column: Sql, op: ConditionOp, rawValue: string): Sql {
  if (op === "matches") return Prisma.sql`(${column} ~* ${rawValue}::text)`;
  const subject = Prisma.sql`lower(${column})`;
  const value = Prisma.sql`lower(${op === "domain" ? rawValue.trim().replace(/^@/, "") : rawValue.trim()}::text)`;
  switch (op) {
    case "equals":
      return Prisma.sql`(${subject} = ${value})`;
    case "contains":
      return Prisma.sql`(strpos(${subject}, ${value}) > 0)`;
    case "startsWith":
      return Prisma.sql`starts_with(${subject}, ${value})`;
    case "endsWith":
      return Prisma.sql`(right(${subject}, length(${value})) = ${value})`;
    case "domain": {
      // The address's domain is the domain itself or one of its subdomains.
      const domain = Prisma.sql`substring(${subject} from '@([^@]*)$')`;
      return Prisma.sql`coalesce(${domain} = ${value} OR right(${domain}, length(${value}) + 1) = '.' || ${value}, FALSE)`;
    }
  }
}

/** Deletes the policy; answers what the audit entry records of it, or null when there was none. */
export function deletePolicyRow(client: SqlClient, id: string): Promise<{ name: string; retention_period_days: number } | null> {
  return queryOne<{ name: string; retention_period_days: number }>(
    client,
    Prisma.sql`DELETE FROM retention_policies WHERE id = ${id}::uuid RETURNING name, retention_period_days`,
  );
}

/** Locks the policy FOR UPDATE; false when there is none. */
export async function lockPolicy(client: SqlClient, id: string): Promise<boolean> {
  return (await queryOne(client, Prisma.sql`SELECT id FROM retention_policies WHERE id = ${id}::uuid FOR UPDATE`)) !== null;
}

/** Has PostgreSQL compile `pattern` as a case-insensitive regular expression; throws when it rejects it. */
export async function compileRegex(client: SqlClient, pattern: string): Promise<void> {
  await queryOne(client, Prisma.sql`SELECT ''::text ~* ${pattern}::text AS compiled`);
}
