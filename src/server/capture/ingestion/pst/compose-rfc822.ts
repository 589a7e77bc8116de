import { sha256Hex } from "../../../platform/crypto/sha256";

export interface ComposedAddress {
  name: string;
  address: string;
}

export interface ComposedMessage {
  /** Original Internet headers when the store kept them (PST transport headers); their MIME headers are replaced. */
  originalHeaders?: string;
  from?: ComposedAddress;
  to: ComposedAddress[];
  cc: ComposedAddress[];
  bcc: ComposedAddress[];
  subject: string;
  date: Date | null;
  messageId: string;
  inReplyTo: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const CRLF = "\r\n";
const MIME_HEADERS = /^(content-[\w-]+|mime-version)$/i;

/** RFC 2047 encoded-word (base64) for non-ASCII header text; ASCII passes unchanged. */
function encodeWord(text: string): string {
  const clean = text.replace(/[\r\n]+/g, " ");
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, "utf8").toString("base64")}?=`;
}

function formatAddress(address: ComposedAddress): string {
  const name = address.name.trim();
  if (!name || name === address.address) return `<${address.address}>`;
  return /^[\x20-\x7e]*$/.test(name)
    ? `"${name.replace(/["\\]/g, "\\$&")}" <${address.address}>`
    : `${encodeWord(name)} <${address.address}>`;
}

const base64Body = (bytes: Buffer) => (bytes.toString("base64").match(/.{1,76}/g) ?? []).join(CRLF);

function part(contentType: string, bytes: Buffer, extraHeaders: string[] = []): string {
  return [`Content-Type: ${contentType}`, "Content-Transfer-Encoding: base64", ...extraHeaders, "", base64Body(bytes)].join(CRLF);
}

/**
 * The boundary comes from the parts themselves, not chance: the same message read twice must give
 * the same bytes, which deduplication compares (docs/archive.md).
 */
function multipart(subtype: string, parts: string[]): string {
  const boundary = `----=_Part_${sha256Hex(parts.join(CRLF)).slice(0, 24)}`;
  return [
    `Content-Type: multipart/${subtype}; boundary="${boundary}"`,
    "",
    ...parts.map((body) => `--${boundary}${CRLF}${body}`),
    `--${boundary}--`,
    "",
  ].join(CRLF);
}

const isUnparseableDate = (line: string) => /^date:/i.test(line) && Number.isNaN(new Date(line.slice(5).trim()).getTime());

/**
 * Original headers unfolded into lines, without the MIME ones (the composed body brings its own)
 * and without a Date that does not parse (the store's own submit time replaces it).
 */
function keptOriginalHeaders(raw: string): string[] {
  const fields = raw
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .filter((line) => /^[\x21-\x39\x3b-\x7e]+:/.test(line));
  return fields.filter((line) => !MIME_HEADERS.test(line.slice(0, line.indexOf(":")).trim()) && !isUnparseableDate(line));
}

/**
 * An RFC 822 message for a message read from a mail store that keeps fields, not MIME (Outlook PST):
 * the original Internet headers when present, else headers composed from the fields; text and HTML
 * bodies as multipart/alternative; attachments in multipart/mixed. Everything is base64, so any
 * byte survives; the same message always composes to the same bytes.
 */
export function composeRfc822(message: ComposedMessage): Buffer {
  const headers: string[] = message.originalHeaders ? keptOriginalHeaders(message.originalHeaders) : [];
  const has = (name: string) => headers.some((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (!has("From") && message.from) headers.push(`From: ${formatAddress(message.from)}`);
  if (!has("To") && message.to.length) headers.push(`To: ${message.to.map(formatAddress).join(", ")}`);
  if (!has("Cc") && message.cc.length) headers.push(`Cc: ${message.cc.map(formatAddress).join(", ")}`);
  if (!has("Bcc") && message.bcc.length) headers.push(`Bcc: ${message.bcc.map(formatAddress).join(", ")}`);
  if (!has("Subject")) headers.push(`Subject: ${encodeWord(message.subject)}`);
  if (!has("Date") && message.date) headers.push(`Date: ${message.date.toUTCString().replace("GMT", "+0000")}`);
  if (!has("Message-ID") && message.messageId) headers.push(`Message-ID: <${message.messageId.replace(/^<|>$/g, "")}>`);
  if (!has("In-Reply-To") && message.inReplyTo) headers.push(`In-Reply-To: <${message.inReplyTo.replace(/^<|>$/g, "")}>`);
  headers.push("MIME-Version: 1.0");
  const bodies = [
    ...(message.text ? [part("text/plain; charset=utf-8", Buffer.from(message.text, "utf8"))] : []),
    ...(message.html ? [part("text/html; charset=utf-8", Buffer.from(message.html, "utf8"))] : []),
  ];
  const body = bodies.length > 1 ? multipart("alternative", bodies) : (bodies[0] ?? part("text/plain; charset=utf-8", Buffer.alloc(0)));
  const attachments = message.attachments.map((attachment) =>
    part(`${attachment.contentType}; name="${encodeWord(attachment.filename).replace(/"/g, "'")}"`, attachment.content, [
      `Content-Disposition: attachment; filename="${encodeWord(attachment.filename).replace(/"/g, "'")}"`,
    ]),
  );
  const content = attachments.length ? multipart("mixed", [body, ...attachments]) : body;
  return Buffer.from([...headers, content].join(CRLF), "utf8");
}
