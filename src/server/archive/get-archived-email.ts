import { appendAuditEntry } from "../audit/append-audit-entry";
import type { Principal } from "../identity/auth/principal";
import { canOnRecord } from "../identity/authz/ability";
import { pgPool } from "../platform/db/pg-pool";
import { readPool } from "../platform/db/replica-reads";
import { notFound } from "../platform/errors/app-error";
import { selectEmailDetail } from "./archived-emails.queries";
import { toArchivedEmailSummary } from "./load-email-summaries";
import { scopeFieldsOf } from "./find-visible-email";
import type { ArchivedEmailDetail } from "./archived-emails.responses";

/** A thread this long is cut (the newest messages are kept out); see docs/archive.md. */
const MAX_THREAD_ITEMS = 500;

/**
 * One archived email with its attachments and thread (the other emails of the conversation the
 * caller may read, oldest first); opening it writes a READ audit entry. Read in one statement:
 * emails the caller may not read answer 404 like missing ones. Both statements go through `pg`
 * (a hot path; see pgPool()): the read from the read replica in a request routed to it, the audit
 * entry to the primary.
 */
export async function getArchivedEmail(options: { principal: Principal; emailId: string }): Promise<ArchivedEmailDetail> {
  const email = await selectEmailDetail(readPool(), {
    emailId: options.emailId,
    principal: options.principal,
    maxThreadItems: MAX_THREAD_ITEMS,
  });
  if (!email || !canOnRecord(options.principal.ability, "read:archive", scopeFieldsOf(email))) throw notFound("Archived email");
  await appendAuditEntry(pgPool(), {
    actor: options.principal.actor,
    actionType: "READ",
    targetType: "ArchivedEmail",
    targetId: email.id,
    details: { storageHashSha256: email.storageHashSha256 },
  });
  return {
    ...toArchivedEmailSummary(email),
    attachments: email.attachments,
    thread: email.thread.map((item) => ({ ...item, sentAt: new Date(item.sentAt).toISOString() })),
    bodyText: email.bodyText,
    envelope: email.envelopeFrom === null ? null : { from: email.envelopeFrom, recipients: email.envelopeRecipients, bcc: email.bcc },
    cc: email.ccEmails,
    bcc: email.bccEmails,
    conversation: email.conversation as ArchivedEmailDetail["conversation"],
    nearDuplicates: email.nearDuplicates,
    languages: email.languages ?? [],
  };
}
