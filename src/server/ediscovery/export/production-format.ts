import { readdir } from "node:fs/promises";
import path from "node:path";
import { neutralizedCell } from "../../platform/csv/spreadsheet-safe-cell";
import { productionsRoot } from "./production-directory";
import { MANIFEST_COLUMNS, mboxFromLine } from "../../../../scripts/verify-export.mjs";

/**
 * The production's file formats (docs/ediscovery.md): manifest.csv, the Concordance load file,
 * mboxrd framing and the README. Pure functions, shared by the worker and the tests.
 */

/** Where the worker writes a production and the web server reads it back (productionsRoot: EXPORT_DIR, default DATA_DIR/exports). */
export function exportDirectory(exportId: string): string {
  return path.join(productionsRoot(), exportId);
}

/** manifest.csv's columns, as the verifier (scripts/verify-export.mjs) reads them. */
export const MANIFEST_FIELDS = MANIFEST_COLUMNS;
export type ManifestRow = Record<(typeof MANIFEST_FIELDS)[number], string>;

export const MBOX_FILE = "messages.mbox";
export const emlFile = (emailId: string) => `messages/${emailId}.eml`;
/**
 * Where productions written before eml chunks kept that file on disk, one file per message spread
 * over 256 directories by the id's first two hex digits. Only read now (productionZip): the worker
 * writes eml chunks (chunkFile).
 */
export const legacyEmlStoredFile = (emailId: string) => `messages/${emailId.slice(0, 2)}/${emailId}.eml`;

/**
 * The directory of a production's chunks on disk: one file per written run of a batch, holding its
 * messages one after the other (eml: the archived bytes and nothing between them; mbox: mboxrd
 * records). Creating a file per message was most of an eml export's time (docs/ediscovery.md, "Speed").
 */
export const chunkDirectory = (format: "eml" | "mbox") => (format === "eml" ? "messages" : "mbox");
/** A chunk is named after the seq of its first message, padded so that names sort as seqs do. */
export const chunkFile = (format: "eml" | "mbox", firstSeq: number) =>
  `${chunkDirectory(format)}/${String(firstSeq).padStart(10, "0")}.part`;
/** The first seq of a whole chunk's file name, or null for anything else (an unfinished `.part.tmp`). */
export const chunkFirstSeq = (name: string): number | null => {
  const digits = /^(\d+)\.part$/.exec(name)?.[1];
  return digits === undefined ? null : Number(digits);
};

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const manifestHeader = () => `${MANIFEST_FIELDS.join(",")}\r\n`;
export const manifestLine = (row: ManifestRow) => `${MANIFEST_FIELDS.map((field) => csvField(neutralizedCell(row[field]))).join(",")}\r\n`;
/** The manifest row of a file that is not a message (README.txt, loadfile.dat, export-key.pem, an attachment text). */
export const fileManifestRow = (file: string, sha256: string, sizeBytes: number): ManifestRow => ({
  ...(Object.fromEntries(MANIFEST_FIELDS.map((field) => [field, ""])) as ManifestRow),
  sha256,
  sizeBytes: String(sizeBytes),
  file,
});

/**
 * Concordance DAT: þ quotes every field, ASCII 20 separates them, ® stands for a line break inside
 * one; a þ inside a field is doubled, as a doubled quote inside a quoted field is read as one by
 * the RFC 4180 convention DAT readers follow (docs/ediscovery.md, "The production").
 */
const QUOTE = "\u00fe";
const SEPARATOR = "\u0014";
const NEWLINE_IN_FIELD = "\u00ae";
export const LOADFILE_FIELDS = ["BEGDOC", "ENDDOC", ...MANIFEST_FIELDS] as const;

export const datField = (value: string) =>
  `${QUOTE}${value.replaceAll(QUOTE, QUOTE + QUOTE).replace(/\r\n|\r|\n/g, NEWLINE_IN_FIELD)}${QUOTE}`;
/** The header line, preceded by a UTF-8 byte order mark so review platforms read the encoding right. */
export const loadfileHeader = () => `\ufeff${LOADFILE_FIELDS.map(datField).join(SEPARATOR)}\r\n`;
export const controlNumber = (seq: number) => `DOC${String(seq).padStart(8, "0")}`;
export const loadfileLine = (seq: number, row: ManifestRow) =>
  `${[controlNumber(seq), controlNumber(seq), ...MANIFEST_FIELDS.map((field) => row[field])].map(datField).join(SEPARATOR)}\r\n`;

const FROM = Buffer.from("From ", "latin1");
const GREATER_THAN = 0x3e;
const LINE_FEED = 0x0a;
const QUOTE_MARK = Buffer.from(">", "latin1");
const RECORD_END = Buffer.from("\n", "latin1");

/**
 * One mboxrd record, as the pieces to write one after the other: the "From " separator line, the
 * message with every line that starts with ">*From " given one more ">", and one "\n" (a reader
 * removes exactly that one, which gives back the archived bytes exactly, whether or not they end
 * with a line break). The message's pieces are views of `message`, not copies.
 */
export function mboxrdRecord(message: Buffer, sender: string, sentAt: Date): Buffer[] {
  const pieces: Buffer[] = [mboxFromLine(sender, sentAt)];
  let written = 0;
  for (let at = message.indexOf(FROM); at !== -1; at = message.indexOf(FROM, at + FROM.length)) {
    let lineStart = at;
    while (lineStart > 0 && message[lineStart - 1] === GREATER_THAN) lineStart--;
    if (lineStart > 0 && message[lineStart - 1] !== LINE_FEED) continue;
    pieces.push(message.subarray(written, lineStart), QUOTE_MARK);
    written = lineStart;
  }
  pieces.push(message.subarray(written), RECORD_END);
  return pieces;
}

const HEADER_LIMIT = 256 * 1024;
const ADDRESS = /[^\s<>,;:"()[\]]+@[^\s<>,;:"()[\]]+/g;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const COLON = 0x3a;

/** Whether the line from `start` to `end` begins with the two letters of `name` (lower case; either case matches) and a colon. */
function isField(message: Buffer, start: number, end: number, name: "to" | "cc"): boolean {
  // An ASCII letter with the 0x20 bit set is its lower-case letter; only its upper-case letter becomes it.
  return (
    end - start >= 3 &&
    message[start + 2] === COLON &&
    (message[start] | 0x20) === name.charCodeAt(0) &&
    (message[start + 1] | 0x20) === name.charCodeAt(1)
  );
}

/**
 * The To and Cc addresses of a message, from its own headers (lower-cased, "; "-separated): the
 * header lines up to the first empty line, at most HEADER_LIMIT bytes in, each with the lines
 * folded onto it (they start with a space or a tab). Read in the bytes, line by line: only a To or
 * Cc line becomes a string, and the body is never scanned (this runs for every exported message).
 */
export function recipientHeaders(message: Buffer): { to: string; cc: string } {
  const limit = Math.min(message.length, HEADER_LIMIT);
  const to: string[] = [];
  const cc: string[] = [];
  let start = 0;
  for (let last = false; start < limit && !last;) {
    // The end of the line at `start` and of the lines folded onto it; `last` at the empty line or the limit.
    let end = start;
    for (;;) {
      const lineFeed = message.indexOf(LINE_FEED, end);
      if (lineFeed === -1 || lineFeed >= limit) {
        [end, last] = [limit, true];
        break;
      }
      const next = message[lineFeed + 1];
      if (next === LINE_FEED || (next === CARRIAGE_RETURN && message[lineFeed + 2] === LINE_FEED)) {
        [end, last] = [lineFeed, true];
        break;
      }
      end = lineFeed;
      if (lineFeed + 1 >= limit || (next !== SPACE && next !== TAB)) break;
      end = lineFeed + 1;
    }
    const list = isField(message, start, end, "to") ? to : isField(message, start, end, "cc") ? cc : null;
    if (list) {
      // A folded line keeps its line breaks and spaces: whitespace separates addresses all the same.
      const addresses = message.toString("latin1", start + 3, end).match(ADDRESS) ?? [];
      list.push(...addresses.map((address) => address.toLowerCase()));
    }
    start = end + 1;
  }
  return { to: to.join("; "), cc: cc.join("; ") };
}

const ATTACHMENT_TEXT_DIRECTORY = "attachments-text";

/** Every attachment text file of a production on disk, as its name in the zip, sorted (the zip's and the manifest's order). */
export async function attachmentTextFiles(directory: string): Promise<string[]> {
  const base = path.join(directory, ATTACHMENT_TEXT_DIRECTORY);
  const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort()
    .map((name) => `${ATTACHMENT_TEXT_DIRECTORY}/${name}`);
}

/** Attachment text file names: the attachment's position and a file-system-safe form of its name. */
export const attachmentTextFile = (emailId: string, index: number, filename: string) =>
  `${ATTACHMENT_TEXT_DIRECTORY}/${emailId}/${index + 1}-${filename.replace(/[^\w.-]+/g, "_").slice(0, 100) || "attachment"}.txt`;

export function readme(options: {
  exportName: string;
  caseName: string;
  format: "eml" | "mbox";
  totalItems: number;
  query: unknown;
  restricted: boolean;
  completedAt: Date;
  includeAttachmentText: boolean;
}): string {
  const messages =
    options.format === "eml"
      ? "messages/<emailId>.eml   each message, byte for byte as archived."
      : 'messages.mbox            every message in manifest order, mboxrd framing (a "From " line before each\n                         message, ">" added to lines starting with ">*From ", one "\\n" after each).';
  return [
    `eDiscovery production "${options.exportName}" of case "${options.caseName}"`,
    `Completed ${options.completedAt.toISOString()}, ${options.totalItems} message(s).`,
    "",
    "Selection (the exact query used):",
    JSON.stringify(options.query, null, 2),
    "",
    options.restricted
      ? "RESTRICTED: the requesting member's role limits which emails they may read; this production contains only those."
      : "Unrestricted: the requesting member may read every archived email matching the selection.",
    "",
    "Files",
    messages,
    "manifest.csv             one line per message (UTF-8, RFC 4180): emailId, messageId, sha256 (of the message bytes,",
    "                         equal to the archive's stored hash), sizeBytes, sentAt, from, to, cc, subject, mailbox,",
    "                         ingestionSourceId, file (where the message is in this production); then one line per",
    "                         other file (README.txt, export-key.pem, loadfile.dat, attachment texts) with emailId",
    "                         empty and only sha256, sizeBytes and file filled in. A value starting with = + - @, a",
    "                         tab, a carriage return or a single quote has a single quote put in front (so that a",
    "                         spreadsheet does not run it as a formula): remove that one quote to read the value.",
    "manifest.sig             Ed25519 signature (base64) of the exact bytes of manifest.csv, by the archive's export key.",
    "export-key.pem           the public key the signature verifies with (SPKI PEM). Compare it with the one the archive",
    "                         publishes (GET /api/v1/enterprise/ediscovery/export-key) before trusting it.",
    "loadfile.dat             Concordance load file: the manifest's fields plus BEGDOC/ENDDOC control numbers, þ as quote",
    "                         (doubled inside a value), ASCII 20 as separator, ® for a line break, UTF-8 with a byte",
    "                         order mark.",
    ...(options.includeAttachmentText ? ["attachments-text/        text extracted from attachments, for review."] : []),
    "",
    "Verify",
    "  node verify-export.mjs <this zip> [--key export-key.pem]      (scripts/verify-export.mjs of the archive, no dependencies)",
    "  npm run archive -- verify-export <this zip>                   (on the archive's host, with its own key)",
    "Both check the signature of manifest.csv, the SHA-256 of every file against it, and that the zip holds exactly",
    "these files in this order and nothing else.",
    "",
  ].join("\n");
}
