import { randomUUID } from "node:crypto";
import yazl from "yazl";

export interface TestAttachment {
  filename: string;
  contentType?: string;
  content: Buffer | string;
}

export interface TestMessage {
  /** null: no Message-ID header. Defaults to a fresh unique id. */
  messageId?: string | null;
  from?: string;
  to?: string[];
  cc?: string[];
  bcc?: string[];
  subject?: string;
  /** null: no Date header. */
  date?: string | null;
  body?: string;
  html?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: TestAttachment[];
  headers?: Record<string, string>;
}

const CRLF = "\r\n";

function base64Lines(bytes: Buffer): string {
  return (bytes.toString("base64").match(/.{1,76}/g) ?? []).join(CRLF);
}

/** A well-formed RFC 822 message (CRLF line ends, multipart/mixed when it has attachments). */
export function buildMessage(message: TestMessage = {}): Buffer {
  const headers: string[] = [];
  const messageId = message.messageId === undefined ? `${randomUUID()}@test.example.com` : message.messageId;
  headers.push(`From: ${message.from ?? "Alice Example <alice@example.com>"}`);
  headers.push(`To: ${(message.to ?? ["Bob Example <bob@example.com>"]).join(", ")}`);
  if (message.cc?.length) headers.push(`Cc: ${message.cc.join(", ")}`);
  if (message.bcc?.length) headers.push(`Bcc: ${message.bcc.join(", ")}`);
  headers.push(`Subject: ${message.subject ?? "Test message"}`);
  if (message.date !== null) headers.push(`Date: ${message.date ?? "Mon, 15 Jan 2024 12:00:00 +0000"}`);
  if (messageId !== null) headers.push(`Message-ID: <${messageId}>`);
  if (message.inReplyTo) headers.push(`In-Reply-To: <${message.inReplyTo}>`);
  if (message.references?.length) headers.push(`References: ${message.references.map((id) => `<${id}>`).join(" ")}`);
  for (const [name, value] of Object.entries(message.headers ?? {})) headers.push(`${name}: ${value}`);
  headers.push("MIME-Version: 1.0");
  const textPart = [
    `Content-Type: text/${message.html ? "html" : "plain"}; charset=utf-8`,
    "Content-Transfer-Encoding: 8bit",
    "",
    message.html ?? message.body ?? "Hello from the test suite.",
  ].join(CRLF);
  if (!message.attachments?.length) return Buffer.from([...headers, textPart].join(CRLF) + CRLF);
  const boundary = `----=_boundary_${randomUUID()}`;
  const parts = [textPart];
  for (const attachment of message.attachments) {
    const content = typeof attachment.content === "string" ? Buffer.from(attachment.content) : attachment.content;
    parts.push(
      [
        `Content-Type: ${attachment.contentType ?? "application/octet-stream"}; name="${attachment.filename}"`,
        `Content-Disposition: attachment; filename="${attachment.filename}"`,
        "Content-Transfer-Encoding: base64",
        "",
        base64Lines(content),
      ].join(CRLF),
    );
  }
  const body = parts.map((part) => `--${boundary}${CRLF}${part}${CRLF}`).join("") + `--${boundary}--${CRLF}`;
  return Buffer.from([...headers, `Content-Type: multipart/mixed; boundary="${boundary}"`, "", body].join(CRLF));
}

/** An mboxrd file: a `From ` line before each message, `>From ` quoting, a blank line after each. */
export function mboxOf(messages: Buffer[]): Buffer {
  return Buffer.concat(
    messages.map((message) => {
      // A writer ends every message with a line break before the separating blank line.
      const text = message.toString("latin1");
      const quoted = (text.endsWith("\n") ? text : `${text}\n`).replace(/^(>*From )/gm, ">$1");
      return Buffer.concat([
        Buffer.from("From MAILER-DAEMON Mon Jan 15 12:00:00 2024\n"),
        Buffer.from(quoted, "latin1"),
        Buffer.from("\n"),
      ]);
    }),
  );
}

export function zipOf(entries: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.bytes, entry.name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("error", reject);
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
  });
}
