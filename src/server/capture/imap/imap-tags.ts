/**
 * An archived email's tags: the message's IMAP keywords ("$Forwarded", "Work") and Gmail labels
 * (X-GM-LABELS), without system flags and labels ("\Seen", "\Inbox"), which start with a backslash.
 */
export function messageTags(flags?: Set<string>, labels?: Set<string>): string[] {
  const tags = [...(flags ?? []), ...(labels ?? [])].filter((tag) => tag.length > 0 && !tag.startsWith("\\"));
  return [...new Set(tags)];
}
