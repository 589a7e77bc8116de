import type { Principal } from "../identity/auth/principal";
import { canOnRecord } from "../identity/authz/ability";
import type { Permission } from "../identity/authz/permissions";
import type { DbOrTx } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import { lockEmail, type EmailScopeFields } from "./archived-emails.queries";

/**
 * The fields a role's archive conditions may test (the same for one email as for list queries): a
 * `userEmail` condition matches the mailbox or any participant (CASL matches a value in an array).
 */
export const scopeFieldsOf = (email: EmailScopeFields) => ({
  id: email.id,
  userEmail: [email.userEmail, ...email.participantEmails],
  ingestionSourceId: email.ingestionSourceId,
  senderEmail: email.senderEmail,
});

/**
 * The email if it exists and the caller's policy conditions let them `permission` it; otherwise
 * 404, so emails outside a caller's scope are indistinguishable from missing ones.
 */
export async function findVisibleEmail(options: {
  client: DbOrTx;
  emailId: string;
  principal?: Principal;
  permission?: Permission;
  /**
   * Lock the row FOR KEY SHARE until the caller's transaction ends: a link (hold, label) inserted
   * next cannot lose its email to a concurrent deletion, which waits (or is skipped) instead.
   */
  lockForLink?: boolean;
}): Promise<EmailScopeFields> {
  const email = options.lockForLink
    ? await lockEmail(options.client, options.emailId, "key share")
    : await options.client.archivedEmail.findUnique({
        where: { id: options.emailId },
        select: { id: true, userEmail: true, ingestionSourceId: true, senderEmail: true, participantEmails: true },
      });
  const visible =
    email &&
    (!options.principal || !options.permission || canOnRecord(options.principal.ability, options.permission, scopeFieldsOf(email)));
  if (!email || !visible) throw notFound("Archived email");
  return email;
}
