/**
 * What a file holds, decided by its first bytes and never by its name: people keep messages as
 * `.txt`, `.msg` or no extension at all, and mbox files under any name. One rule for the upload,
 * the zip reader and the command line.
 */
export type MailKind = "message" | "mbox" | "zip" | "pst";

/** How much of a file the decision reads: enough for any real header section's first lines. */
export const DETECT_BYTES = 64 * 1024;

const ZIP_SIGNATURES = ["PK\u0003\u0004", "PK\u0005\u0006", "PK\u0007\u0008"];
/** An Outlook data file's header (both ANSI and Unicode PSTs). */
const PST_SIGNATURE = "!BDN";
/** RFC 5322 field name (printable US-ASCII but the colon), obsolete white space before the colon allowed. */
const HEADER_FIELD = /^([\x21-\x39\x3b-\x7e]+)[ \t]*:/;
const CONTINUATION = /^[ \t]/;

/** Fields that only a message's header section has (RFC 5322, RFC 2045, trace fields): one must be present. */
const MESSAGE_FIELDS = new Set([
  "from",
  "sender",
  "to",
  "cc",
  "bcc",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "in-reply-to",
  "references",
  "received",
  "return-path",
  "delivered-to",
  "mime-version",
  "content-type",
]);

/**
 * The kind of a file from its first bytes (`head`, at most DETECT_BYTES; `whole` when that is the
 * entire file), or why it is none of them. A message starts with a header section: header fields
 * and their folded continuation lines, the first line a field and one of them a message's field
 * (From, Date, Received, Content-Type …). Like Python's email parser, the first other line ends
 * the section even without the blank line RFC 5322 asks for. An mbox starts with a `From `
 * separator line, or has one after a blank line further on when it does not start as a message.
 * Reasons never quote the file's content.
 */
export function detectMailKind(head: Buffer, whole: boolean): { kind: MailKind } | { error: string } {
  const start = head.toString("latin1", 0, 4);
  if (ZIP_SIGNATURES.some((signature) => start.startsWith(signature))) return { kind: "zip" };
  if (start === PST_SIGNATURE) return { kind: "pst" };
  // Leading blank lines are tolerated (as the mbox reader does); a file of nothing else is empty.
  const text = head.toString("latin1").replace(/^(?:\r?\n)+/, "");
  if (text.length === 0) return { error: "empty file" };
  if (text.startsWith("From ")) return { kind: "mbox" };
  const lines = text.split("\n");
  // The last line of a cut-off head may be cut off too: it is not judged.
  if (!whole && lines.length > 1) lines.pop();
  const names: string[] = [];
  for (const line of lines) {
    const field = HEADER_FIELD.exec(line);
    if (field) names.push(field[1].trimEnd().toLowerCase());
    else if (names.length === 0 || !CONTINUATION.test(line)) break;
  }
  if (names.length === 0) {
    // An mbox with stray text before its first separator is still an mbox: the reader reports that text as a failed item.
    if (/\n\r?\nFrom /.test(text)) return { kind: "mbox" };
    return { error: "not a message, mbox, zip or .pst file: its first line is neither a header field nor a From line" };
  }
  if (!names.some((name) => MESSAGE_FIELDS.has(name)))
    return { error: "not a message: its header section has none of From, Date, Subject, Received, Content-Type and the like" };
  return { kind: "message" };
}
