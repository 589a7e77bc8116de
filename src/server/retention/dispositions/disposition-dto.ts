import type { DispositionStatus } from "./dispositions.schemas";
import type { DispositionDto } from "./dispositions.responses";

export interface DispositionRow {
  id: string;
  email_id: string;
  rule_type: "label" | "policy";
  rule_id: string;
  rule_name: string;
  due_at: Date;
  status: DispositionStatus;
  created_at: Date;
  decided_at: Date | null;
  decided_by_email: string | null;
  comment: string | null;
  extended_until: Date | null;
  relabeled_to_label_id: string | null;
  destroyed_at: Date | null;
  subject: string | null;
  sender_email: string | null;
  sent_at: Date | null;
}

export const toDispositionDto = (row: DispositionRow): DispositionDto => ({
  id: row.id,
  emailId: row.email_id,
  rule: { type: row.rule_type, id: row.rule_id, name: row.rule_name },
  dueAt: row.due_at.toISOString(),
  status: row.status,
  createdAt: row.created_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
  decidedBy: row.decided_by_email,
  comment: row.comment,
  extendedUntil: row.extended_until?.toISOString() ?? null,
  relabeledToLabelId: row.relabeled_to_label_id,
  destroyedAt: row.destroyed_at?.toISOString() ?? null,
  // What the reviewer samples; null once the email is gone.
  email:
    row.sent_at === null ? null : { subject: row.subject ?? "", senderEmail: row.sender_email ?? "", sentAt: row.sent_at.toISOString() },
});
