export interface Recipient {
  name: string;
  email: string;
}

export interface RecipientRows {
  to: Recipient[];
  cc: Recipient[];
  bcc: Recipient[];
}

/**
 * An email's recipients as To, Cc and Bcc rows. The archive keeps them in one list (the interface's
 * shape) plus the lower-cased Cc and Bcc addresses; what is neither is To. Before the kinds are known
 * (`cc`/`bcc` null: mail archived before they were kept, until the worker reads them) every recipient
 * is listed under To, as the headers' union.
 */
export function recipientRows(recipients: Recipient[], cc: string[] | null, bcc: string[] | null): RecipientRows {
  const ccSet = new Set((cc ?? []).map((address) => address.toLowerCase()));
  const bccSet = new Set((bcc ?? []).map((address) => address.toLowerCase()));
  const rows: RecipientRows = { to: [], cc: [], bcc: [] };
  for (const recipient of recipients) {
    const address = recipient.email.toLowerCase();
    rows[bccSet.has(address) ? "bcc" : ccSet.has(address) ? "cc" : "to"].push(recipient);
  }
  return rows;
}

export const recipientText = (recipient: Recipient) => (recipient.name ? `${recipient.name} <${recipient.email}>` : recipient.email);

/** A list's recipients cell: the first three, then how many more ("Bob <bob@…>, carol@… +2 more"). */
export function recipientSummary(recipients: Recipient[], shown = 3): string {
  if (recipients.length === 0) return "—";
  const more = recipients.length - shown;
  return recipients.slice(0, shown).map(recipientText).join(", ") + (more > 0 ? ` +${more} more` : "");
}
