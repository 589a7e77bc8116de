import type { Principal } from "../../identity/auth/principal";
import { db, type DbOrTx } from "../../platform/db/client";
import { visibleEmailsCondition } from "../archived-emails.queries";
import { findVisibleEmail } from "../find-visible-email";
import { occurrencesOfBytes } from "./occurrences.queries";
import type { EmailOccurrencesDto } from "./occurrences.responses";

/**
 * Where an email was seen: each source, mailbox and folder, first seen when (docs/archive.md,
 * "Occurrences"), with the copies of the same bytes in other mailboxes the caller may read. 404
 * for an unknown email or one outside the caller's scope, as reading the email answers.
 */
export async function listEmailOccurrences(options: {
  principal: Principal;
  emailId: string;
  client?: DbOrTx;
}): Promise<EmailOccurrencesDto> {
  const client = options.client ?? db();
  await findVisibleEmail({ client, emailId: options.emailId, principal: options.principal, permission: "read:archive" });
  const items = await occurrencesOfBytes(client, options.emailId, visibleEmailsCondition(options.principal));
  return { items };
}
