import { simpleParser, type AddressObject, type HeaderLines } from "mailparser";
import { storableText } from "../../platform/validation/storable-text";
import { safeAttachmentFilename } from "./safe-filename";
import { sha256Hex } from "../../platform/crypto/sha256";

export interface ParsedAttachment {
  filename: string;
  mimeType: string;
  bytes: Buffer;
  hashSha256: string;
}

export interface ParsedMessage {
  rawHashSha256: string;
  sizeBytes: number;
  /** Without angle brackets; "" when the message has none. */
  messageIdHeader: string;
  /** The Date header, or null with the reason when it cannot be used ("no-headers": the message has no header block). */
  date: Date | null;
  dateProblem: "missing" | "unparseable" | "no-headers" | null;
  subject: string;
  senderName: string;
  senderEmail: string;
  recipients: { name: string; email: string }[];
  /** The Cc and Bcc addresses among the recipients, lower-cased (the search language's cc: and bcc:). */
  ccEmails: string[];
  bccEmails: string[];
  inReplyTo: string | null;
  references: string[];
  bodyText: string;
  attachments: ParsedAttachment[];
}

/** Limits against hostile mail (docs/ingestion.md): bigger structures fail the message. */
const MAX_HEADER_BYTES = 1024 * 1024;
const MAX_HTML_TO_TEXT_CHARS = 5_000_000;
const MAX_ATTACHMENTS = 1000;
const MAX_BODY_TEXT_CHARS = 2_000_000;
const MAX_HEADER_TEXT_CHARS = 10_000;
/** RFC 5322 field-name: printable ASCII except the colon. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

const sha256 = (bytes: Uint8Array) => sha256Hex(bytes);

/** Text PostgreSQL can store (storableText); control characters are also kept out of single-line fields. */
const cleanText = (value: string | undefined | null, max: number) => storableText((value ?? "").slice(0, max));
const cleanLine = (value: string | undefined | null, max = MAX_HEADER_TEXT_CHARS) =>
  cleanText(value, max)
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim();

const stripAngles = (value: string) => value.trim().replace(/^<+/, "").replace(/>+$/, "").trim();

/** Message ids in a References / In-Reply-To header, without angle brackets. */
function messageIdsIn(header: string | undefined): string[] {
  if (!header) return [];
  const bracketed = header.match(/<[^<>\s]+>/g);
  const ids = bracketed ? bracketed.map(stripAngles) : header.split(/\s+/).map(stripAngles);
  return ids.map((id) => cleanLine(id, 998)).filter((id) => id.length > 0);
}

export function lowerCasedAddresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return [
    ...new Set(
      mailboxes(field)
        .map((mailbox) => mailbox.email.toLowerCase())
        .filter(Boolean),
    ),
  ];
}

function mailboxes(field: AddressObject | AddressObject[] | undefined): { name: string; email: string }[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects
    .flatMap((object) => object.value)
    .flatMap((address) => (address.group ? address.group : [address]))
    .map((mailbox) => ({ name: cleanLine(mailbox.name, 998), email: cleanLine(mailbox.address, 320) }));
}

/** The first raw value of a header, unfolded (mailparser's own Date parsing hides whether it was missing). */
function rawHeader(lines: HeaderLines, name: string): string | undefined {
  const line = lines.find((header) => header.key === name)?.line;
  return line === undefined
    ? undefined
    : line
        .slice(line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim();
}

function parseDate(value: string | undefined): Pick<ParsedMessage, "date" | "dateProblem"> {
  if (!value || value.trim() === "") return { date: null, dateProblem: "missing" };
  const date = new Date(value.replace(/\s*\([^)]*\)\s*$/, ""));
  return Number.isNaN(date.getTime()) ? { date: null, dateProblem: "unparseable" } : { date, dateProblem: null };
}

/** Whether the header section ends within MAX_HEADER_BYTES (huge-header bombs fail before parsing). */
function headerSectionFits(raw: Buffer): boolean {
  if (raw.length <= MAX_HEADER_BYTES) return true;
  const head = raw.subarray(0, MAX_HEADER_BYTES + 4);
  return head.indexOf("\n\r\n") !== -1 || head.indexOf("\n\n") !== -1;
}

const startsWithHeaderField = (raw: Buffer) => /^[\x21-\x39\x3b-\x7e]+[ \t]*:/.test(raw.subarray(0, 1000).toString("latin1"));

/**
 * Bytes without a header block are still what was handed to the archive: they are kept as they
 * are, with no subject or sender, the archive time as sentAt (and "no-headers" as the reason), and
 * their text as the body so that search finds them.
 */
function headerless(raw: Buffer): ParsedMessage {
  return {
    rawHashSha256: sha256(raw),
    sizeBytes: raw.length,
    messageIdHeader: "",
    date: null,
    dateProblem: "no-headers",
    subject: "",
    senderName: "",
    senderEmail: "",
    recipients: [],
    ccEmails: [],
    bccEmails: [],
    inReplyTo: null,
    references: [],
    bodyText: cleanText(raw.subarray(0, MAX_BODY_TEXT_CHARS * 4).toString("utf8"), MAX_BODY_TEXT_CHARS),
    attachments: [],
  };
}

/**
 * Parses one RFC 822 message with mailparser; a message without a header block is kept as it is
 * (`headerless`). Throws (with a short reason) only for an empty message or one that breaks the
 * hostile-mail limits.
 */
export async function parseMessage(raw: Buffer): Promise<ParsedMessage> {
  if (raw.length === 0) throw new Error("empty message");
  if (!headerSectionFits(raw)) {
    if (!startsWithHeaderField(raw)) return headerless(raw);
    throw new Error(`header section larger than ${MAX_HEADER_BYTES} bytes`);
  }
  const email = await simpleParser(raw, {
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
    maxHtmlLengthToParse: MAX_HTML_TO_TEXT_CHARS,
    // Each attachment's SHA-256 as it is decoded (its blob key): hashed once, instead of mailparser's MD5 and ours after.
    checksumAlgo: "sha256",
  });
  if (!email.headerLines.some((header) => FIELD_NAME.test(header.line.slice(0, Math.max(0, header.line.indexOf(":"))))))
    return headerless(raw);
  if (email.attachments.length > MAX_ATTACHMENTS) throw new Error(`more than ${MAX_ATTACHMENTS} attachments`);
  const sender = mailboxes(email.from)[0] ?? { name: "", email: "" };
  const references = Array.isArray(email.references) ? email.references.join(" ") : email.references;
  return {
    rawHashSha256: sha256(raw),
    sizeBytes: raw.length,
    messageIdHeader: messageIdsIn(email.messageId)[0] ?? "",
    ...parseDate(rawHeader(email.headerLines, "date")),
    subject: cleanLine(email.subject),
    senderName: sender.name,
    senderEmail: sender.email,
    recipients: [...mailboxes(email.to), ...mailboxes(email.cc), ...mailboxes(email.bcc)].filter((recipient) => recipient.email !== ""),
    ccEmails: lowerCasedAddresses(email.cc),
    bccEmails: lowerCasedAddresses(email.bcc),
    // The last id: an old-style "In-Reply-To: Message from Ann <ann@x> of <date> <parent-id>" names an address first.
    inReplyTo: messageIdsIn(email.inReplyTo).at(-1) ?? null,
    references: messageIdsIn(references).slice(0, 500),
    bodyText: cleanText(email.text, MAX_BODY_TEXT_CHARS),
    attachments: email.attachments.map((attachment, index) => ({
      filename: safeAttachmentFilename(attachment.filename, attachment.contentType ?? "", index),
      mimeType: cleanLine(attachment.contentType, 255).toLowerCase() || "application/octet-stream",
      bytes: attachment.content,
      hashSha256: attachment.checksum || sha256(attachment.content),
    })),
  };
}
