/** PostgreSQL text and jsonb reject U+0000; lone surrogates cannot be encoded as UTF-8. */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes("\u0000");
}

/**
 * Mail content must be kept even when it carries NUL or lone surrogates (the encoder would turn
 * them into U+FFFD, and jsonb refuses their escapes): both become U+FFFD up front.
 * Bodies run to megabytes, so the common clean case is a native scan, not a regular expression.
 */
export function storableText(value: string): string {
  const wellFormed = value.isWellFormed() ? value : value.toWellFormed();
  return wellFormed.includes("\u0000") ? wellFormed.replaceAll("\u0000", "\uFFFD") : wellFormed;
}
