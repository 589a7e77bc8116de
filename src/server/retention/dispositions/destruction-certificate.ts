import { stringify } from "csv-stringify/sync";
import { neutralizedCell } from "../../platform/csv/spreadsheet-safe-cell";
import { db } from "../../platform/db/client";
import { selectDestroyedEmails } from "./dispositions.queries";
import { installationPublicKey, signWithInstallationKey } from "../../platform/signing/installation-signing-key";

export interface DestructionCertificate {
  from: string;
  /** Exclusive upper bound. */
  until: string;
  generatedAt: string;
  count: number;
  /** UTF-8 CSV, one line per destroyed email; `signature` signs exactly these bytes. */
  csv: string;
  signature: string;
  algorithm: "Ed25519";
  publicKey: string;
}

const COLUMNS = [
  "destroyedAt",
  "emailId",
  "storageHashSha256",
  "ruleType",
  "ruleId",
  "ruleName",
  "dueAt",
  "approvedBy",
  "approvedAt",
  "comment",
  "dispositionId",
  "cycleId",
  "reason",
  "deletedBy",
  "auditEntryId",
] as const;

/** A cell a spreadsheet would run as a formula is neutralized as in every CSV we write (spreadsheet-safe-cell.ts). */
const inert = (text: string | null) => neutralizedCell(text ?? "");

/**
 * The certificate of destruction of [from, until): every email destroyed in that period, from the
 * DELETE audit entries each deletion wrote in its own transaction. The lifecycle's deletions carry
 * their rule (label or policy) and, under a review rule, the approved disposition with its approver;
 * a manual deletion reads `manual` with who made it (`deletedBy`). With each email's SHA-256, as CSV
 * signed with the installation's Ed25519 key (the one that signs exports).
 */
export async function destructionCertificate(options: { from: Date; until: Date }): Promise<DestructionCertificate> {
  const rows = await selectDestroyedEmails(db(), options.from, options.until);
  const csv = stringify(
    rows.map((row) => [
      row.destroyed_at.toISOString(),
      row.email_id,
      row.storage_hash_sha256 ?? "",
      row.rule_type ?? "",
      row.rule_id ?? "",
      inert(row.rule_name),
      row.due_at?.toISOString() ?? "",
      inert(row.decided_by_email),
      row.decided_at?.toISOString() ?? "",
      inert(row.comment),
      row.disposition_id ?? "",
      row.cycle_id ?? "",
      row.reason ?? "",
      inert(row.deleted_by),
      row.audit_id,
    ]),
    { header: true, columns: [...COLUMNS], record_delimiter: "\r\n" },
  );
  return {
    from: options.from.toISOString(),
    until: options.until.toISOString(),
    generatedAt: new Date().toISOString(),
    count: rows.length,
    csv,
    signature: signWithInstallationKey(Buffer.from(csv, "utf8")),
    ...installationPublicKey(),
  };
}
