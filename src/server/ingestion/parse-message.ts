import { createHash } from "node:crypto";
import PostalMime, { type Address, type Email } from "postal-mime";
import { storableText } from "../validation/storable-text";
import { safeAttachmentFilename } from "./safe-filename";

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
  /** The Date header, or null with the reason when it cannot be used. */
  date: Date | null;
  dateProblem: "missing" | "unparseable" | null;
  subject: string;
  senderName: string;
  senderEmail: string;
  recipients: { name: string; email: string }[];
  inReplyTo: string | null;
  references: string[];
  bodyText: string;
  attachments: ParsedAttachment[];
}

/** Limits against hostile mail (docs/ingestion.md): deeper or bigger structures fail the message. */
const PARSE_LIMITS = { maxNestingDepth: 50, maxHeadersSize: 1024 * 1024, maxRfc822NestingDepth: 5 };
const MAX_ATTACHMENTS = 1000;
/** RFC 5322 field-name: printable ASCII except the colon. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;
const MAX_BODY_TEXT_CHARS = 2_000_000;
const MAX_HEADER_TEXT_CHARS = 10_000;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Text PostgreSQL can store (storableText); control characters are also kept out of single-line fields. */
const cleanText = (value: string | undefined | null, max: number) => storableText((value ?? "").slice(0, max));
const cleanLine = (value: string | undefined | null, max = MAX_HEADER_TEXT_CHARS) =>
  cleanText(value, max).replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

const stripAngles = (value: string) => value.trim().replace(/^<+/, "").replace(/>+$/, "").trim();

/** Message ids in a References / In-Reply-To header, without angle brackets. */
export function messageIdsIn(header: string | undefined): string[] {
  if (!header) return [];
  const bracketed = header.match(/<[^<>\s]+>/g);
  const ids = bracketed ? bracketed.map(stripAngles) : header.split(/\s+/).map(stripAngles);
  return ids.map((id) => cleanLine(id, 998)).filter((id) => id.length > 0);
}

function mailboxes(addresses: Address[] | Address | undefined): { name: string; email: string }[] {
  const list = addresses === undefined ? [] : Array.isArray(addresses) ? addresses : [addresses];
  return list.flatMap((address) =>
    address.group ? address.group.map((member) => ({ name: member.name, email: member.address })) : [{ name: address.name, email: address.address }],
  ).map((mailbox) => ({ name: cleanLine(mailbox.name, 998), email: cleanLine(mailbox.email, 320) }));
}

function parseDate(value: string | undefined): Pick<ParsedMessage, "date" | "dateProblem"> {
  if (!value || value.trim() === "") return { date: null, dateProblem: "missing" };
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? { date: null, dateProblem: "unparseable" } : { date, dateProblem: null };
}

function attachmentBytes(content: Email["attachments"][number]["content"]): Buffer {
  if (typeof content === "string") return Buffer.from(content, "utf8");
  if (content instanceof ArrayBuffer) return Buffer.from(content);
  return Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

/**
 * Parses one RFC 822 message with postal-mime. Throws (with a short reason) only when the bytes
 * cannot be read as a message at all or break the hostile-mail limits.
 */
export async function parseMessage(raw: Buffer): Promise<ParsedMessage> {
  if (raw.length === 0) throw new Error("empty message");
  const email = await PostalMime.parse(raw, { ...PARSE_LIMITS, attachmentEncoding: "arraybuffer" });
  if (!email.headers.some((header) => FIELD_NAME.test(header.originalKey))) throw new Error("no header fields: not an RFC 822 message");
  if (email.attachments.length > MAX_ATTACHMENTS) throw new Error(`more than ${MAX_ATTACHMENTS} attachments`);
  const sender = mailboxes(email.from)[0] ?? mailboxes(email.sender)[0] ?? { name: "", email: "" };
  const messageIds = messageIdsIn(email.messageId);
  return {
    rawHashSha256: sha256(raw),
    sizeBytes: raw.length,
    messageIdHeader: messageIds[0] ?? "",
    ...parseDate(email.date),
    subject: cleanLine(email.subject),
    senderName: sender.name,
    senderEmail: sender.email,
    recipients: [...mailboxes(email.to), ...mailboxes(email.cc), ...mailboxes(email.bcc)].filter((recipient) => recipient.email !== ""),
    inReplyTo: messageIdsIn(email.inReplyTo)[0] ?? null,
    references: messageIdsIn(email.references).slice(0, 500),
    bodyText: cleanText(email.text, MAX_BODY_TEXT_CHARS),
    attachments: email.attachments.map((attachment, index) => {
      const bytes = attachmentBytes(attachment.content);
      return {
        filename: safeAttachmentFilename(attachment.filename, attachment.mimeType, index),
        mimeType: cleanLine(attachment.mimeType, 255).toLowerCase() || "application/octet-stream",
        bytes,
        hashSha256: sha256(bytes),
      };
    }),
  };
}
