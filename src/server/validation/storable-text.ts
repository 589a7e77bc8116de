/**
 * PostgreSQL text and jsonb reject U+0000, and lone surrogates cannot be encoded as UTF-8 (the
 * encoder would turn them into U+FFFD, and jsonb refuses their escapes); both become U+FFFD up front.
 */
const UNSTORABLE_CODE_UNITS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableText(value: string): string {
  return value.replace(UNSTORABLE_CODE_UNITS, "\uFFFD");
}
