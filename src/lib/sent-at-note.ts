/** Why an email's "Sent" time is its archive time (archived-emails.responses.ts, sentAtFallback). */
export type SentAtFallback = "missing" | "unparseable" | "future" | "no-headers" | null;

/**
 * What the email page and the Emails list say beside a "Sent" time that is not the sender's: the
 * archive time stands in when the Date header is missing, unparseable or in the future. Null when
 * the time is the Date header's.
 */
export function sentAtNote(fallback: SentAtFallback): string | null {
  if (fallback === null) return null;
  if (fallback === "no-headers") return "no header block; archive time used";
  return `Date header ${fallback}; archive time used`;
}
