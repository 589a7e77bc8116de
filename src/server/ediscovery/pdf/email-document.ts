import { simpleParser, type AddressObject, type Attachment, type EmailAddress } from "mailparser";
import sanitizeHtml from "sanitize-html";
import { escapeHtml, type Redactor } from "./redactor";

/** What the archive knows of an attachment beyond its bytes: its extracted text (office documents, PDFs), by SHA-256. */
export interface StoredAttachmentText {
  hashSha256: string;
  extractedText: string | null;
}

/**
 * One piece of a produced email's PDF, in order: pages laid out from HTML (the content of a
 * document's body, see htmlDocument), or an attachment's own PDF pages with the body laid out
 * instead when that PDF cannot be read.
 */
export type DocumentPart = { kind: "html"; body: string } | { kind: "pdf"; bytes: Uint8Array; filename: string; fallbackBody: string };

/** A produced email: its parts, the text of its pages (after redaction) and its redacted metadata for the load files. */
export interface EmailDocument {
  parts: DocumentPart[];
  text: string;
  from: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
}

/** Images Chromium draws as pictures only (an SVG can carry text, so it gets a slip-sheet like any other file). */
const PICTURE_TYPES = new Set(["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/bmp"]);
const PDF_TYPE = "application/pdf";

const STYLE = `
  @page { size: Letter; }
  html { font-family: "Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", sans-serif; font-size: 10.5pt; color: #000; }
  body { margin: 0; }
  table.headers { border-collapse: collapse; margin-bottom: 12pt; width: 100%; }
  table.headers th { text-align: left; vertical-align: top; padding: 1pt 8pt 1pt 0; white-space: nowrap; width: 1%; }
  table.headers td { padding: 1pt 0; overflow-wrap: anywhere; }
  .body { border-top: 1px solid #888; padding-top: 10pt; overflow-wrap: anywhere; }
  .plain { white-space: pre-wrap; font-family: inherit; margin: 0; }
  .section { break-before: page; }
  .section h2 { font-size: 11pt; border-bottom: 1px solid #888; padding-bottom: 3pt; overflow-wrap: anywhere; }
  .note { font-style: italic; color: #333; }
  .picture { max-width: 100%; max-height: 8.5in; display: block; margin: 0 auto; }
  .redaction { background: #000; color: #fff; padding: 0 3pt; font-size: 8pt; font-weight: bold; white-space: nowrap; }
  .part { break-before: page; }
  .part-links { height: 0; overflow: hidden; }
  .slip { text-align: center; margin-top: 3in; font-size: 16pt; }
  .slip p { font-size: 11pt; overflow-wrap: anywhere; }
  img { max-width: 100%; }
`;

export const htmlDocument = (body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title></title><style>${STYLE}</style></head><body>${body}</body></html>`;

/** A single page naming why a document stands here instead of its content (a withheld email, a file that is not rendered). */
export const slipSheet = (title: string, lines: string[]) =>
  `<div class="slip"><div>${title}</div>${lines.map((line) => `<p>${line}</p>`).join("")}</div>`;

/** Addresses as `Name <address>` (or the bare address), comma-separated; groups are flattened to their members. */
const addressText = (value: AddressObject | AddressObject[] | undefined) => {
  const flat = (entries: EmailAddress[]): string[] =>
    entries.flatMap((entry) =>
      entry.group ? flat(entry.group) : [entry.name ? `${entry.name} <${entry.address ?? ""}>` : (entry.address ?? "")],
    );
  return flat((Array.isArray(value) ? value : value ? [value] : []).flatMap((entry) => entry.value))
    .filter(Boolean)
    .join(", ");
};

/** The Date header as written (with its zone), else the archived time in UTC. */
function dateWithZone(headerLines: readonly { key: string; line: string }[], sentAt: Date): string {
  const line = headerLines.find((header) => header.key === "date")?.line;
  const written = line?.replace(/^date:\s*/i, "").trim();
  return written ? `${written} (${sentAt.toISOString()})` : sentAt.toISOString();
}

/**
 * The sanitized HTML body with every text node redacted, or null when it cannot be shown safely:
 * a match spread over several text nodes (`<b>Sec</b>ret`) is not caught node by node, so the text
 * of the sanitized result is checked as a whole and the caller falls back to the plain-text body.
 * Nothing remote survives (only data: images), and no attribute that a browser could print (alt,
 * title, href) is kept.
 */
function redactedHtmlBody(html: string, redactor: Redactor): string | null {
  const clean = sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== "a"), "img", "font", "center", "span"],
    allowedAttributes: {
      img: ["src", "width", "height"],
      td: ["colspan", "rowspan", "align", "valign", "width", "bgcolor"],
      th: ["colspan", "rowspan", "align", "valign", "width", "bgcolor"],
      table: ["width", "cellpadding", "cellspacing", "border", "bgcolor"],
      font: ["color", "size"],
      "*": ["dir", "align"],
    },
    allowedSchemes: [],
    allowedSchemesByTag: { img: ["data"] },
    allowProtocolRelative: false,
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "head", "xmp", "template"],
    exclusiveFilter: (frame) => frame.tag === "img" && !/^data:image\/(png|jpe?g|gif|webp|bmp);/i.test(frame.attribs.src ?? ""),
    textFilter: (escaped) => redactor.html(unescapeHtml(escaped)),
  });
  const text = unescapeHtml(sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }));
  return redactor.matches(text) ? null : clean;
}

const unescapeHtml = (text: string) =>
  text.replace(
    /&(lt|gt|quot|#39|#x27|amp);/g,
    (_, name: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", amp: "&" })[name]!,
  );

/**
 * Builds the pages of one email from its archived bytes, redacting every string before it enters
 * the HTML (so it never reaches a content stream, the text layer or the metadata): a header block,
 * the body, then each attachment (a PDF's own pages, a picture on a page, office documents and
 * text from their extracted text, anything else a slip-sheet with its name and SHA-256).
 */
export async function emailDocument(options: {
  raw: Buffer;
  sentAt: Date;
  attachmentTexts: StoredAttachmentText[];
  redactor: Redactor;
}): Promise<EmailDocument> {
  const { redactor } = options;
  const parsed = await simpleParser(options.raw, { skipTextToHtml: true, skipTextLinks: true, checksumAlgo: "sha256" });
  const from = redactor.text(addressText(parsed.from));
  const to = redactor.text(addressText(parsed.to));
  const cc = redactor.text(addressText(parsed.cc));
  const bcc = redactor.text(addressText(parsed.bcc));
  const subject = redactor.text(parsed.subject ?? "");
  const date = dateWithZone(parsed.headerLines, options.sentAt);
  const attachments = parsed.attachments;
  const names = attachments.map((attachment, index) => attachment.filename ?? `attachment-${index + 1}`);

  const headerRows: [string, string][] = [
    ["From", addressText(parsed.from)],
    ["To", addressText(parsed.to)],
    ["Cc", addressText(parsed.cc)],
    ["Bcc", addressText(parsed.bcc)],
    ["Date", date],
    ["Subject", parsed.subject ?? ""],
    ["Attachments", names.join("; ")],
  ];
  const shownRows = headerRows.filter(([, value]) => value !== "");
  const textLines = shownRows.map(([field, value]) => `${field}: ${redactor.text(value)}`);
  const headerHtml = `<table class="headers">${shownRows.map(([field, value]) => `<tr><th>${field}:</th><td>${redactor.html(value)}</td></tr>`).join("")}</table>`;

  const htmlBody = typeof parsed.html === "string" ? redactedHtmlBody(parsed.html, redactor) : null;
  const plainBody = parsed.text ?? "";
  const bodyHtml =
    htmlBody ??
    `${typeof parsed.html === "string" ? '<p class="note">The HTML body is shown as text: a redaction spans its formatting.</p>' : ""}<pre class="plain">${redactor.html(plainBody)}</pre>`;
  textLines.push("", redactor.text(plainBody));

  const parts: DocumentPart[] = [];
  let sections = `${headerHtml}<div class="body">${bodyHtml}</div>`;
  const flush = () => {
    if (sections !== "") parts.push({ kind: "html", body: sections });
    sections = "";
  };
  const textByHash = new Map(options.attachmentTexts.map((stored) => [stored.hashSha256, stored.extractedText]));
  attachments.forEach((attachment, index) => {
    // An image the HTML body shows inline (mailparser made its cid: link a data: URL) is not repeated.
    if (attachment.related && htmlBody !== null && PICTURE_TYPES.has(attachment.contentType)) return;
    const name = redactor.html(names[index]);
    const heading = `<h2>Attachment ${index + 1}: ${name}</h2>`;
    textLines.push("", `Attachment ${index + 1}: ${redactor.text(names[index])}`);
    const extracted = textByHash.get(attachment.checksum) ?? textOf(attachment);
    const fromText = (note: string) => ({
      html: `<div class="section">${heading}<p class="note">${note}</p><pre class="plain">${redactor.html(extracted ?? "")}</pre></div>`,
      text: redactor.text(extracted ?? ""),
    });
    const slip = (why: string) => ({
      html: `<div class="section">${heading}${slipSheet("File not rendered", [escapeHtml(why), name, `SHA-256 ${attachment.checksum}`])}</div>`,
      text: `[${why}] SHA-256 ${attachment.checksum}`,
    });
    const add = (section: { html: string; text: string }) => {
      sections += section.html;
      textLines.push(section.text);
    };
    if (attachment.contentType === PDF_TYPE || /\.pdf$/i.test(names[index])) {
      // A PDF is appended as it is only when its text holds nothing to redact (it cannot be edited safely);
      // otherwise its extracted text is rendered, redacted.
      if (redactor.active && extracted === null) {
        add(slip("A PDF whose text could not be extracted, so it could not be checked for redaction"));
      } else if (redactor.active && redactor.matches(extracted ?? "")) {
        add(fromText("Rendered from its extracted text: the original PDF holds redacted text."));
      } else {
        add({ html: `<div class="section">${heading}<p class="note">Its pages follow.</p></div>`, text: redactor.text(extracted ?? "") });
        flush();
        const fallback =
          extracted === null
            ? slip("A PDF that could not be read")
            : fromText("Rendered from its extracted text: the PDF could not be read.");
        parts.push({ kind: "pdf", bytes: attachment.content, filename: names[index], fallbackBody: fallback.html });
      }
    } else if (PICTURE_TYPES.has(attachment.contentType)) {
      add({
        html: `<div class="section">${heading}<img class="picture" src="data:${attachment.contentType};base64,${attachment.content.toString("base64")}"></div>`,
        text: "[image]",
      });
    } else if (extracted !== null) {
      add(fromText("Rendered from its extracted text."));
    } else {
      add(slip("A file of a type that is not rendered"));
    }
  });
  flush();
  return { parts, text: `${textLines.join("\n")}\n`, from, to, cc, bcc, subject };
}

/** Text attachments are their own text (decoded as UTF-8); other files have only what the archive extracted. */
function textOf(attachment: Attachment): string | null {
  return attachment.contentType.startsWith("text/") ? attachment.content.toString("utf8") : null;
}
