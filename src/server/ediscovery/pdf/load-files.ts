import { readdir } from "node:fs/promises";
import path from "node:path";
import { neutralizedCell } from "../../platform/csv/spreadsheet-safe-cell";
import { csvField, datField } from "../export/production-format";

/** One produced document (an email and its attachments, or a withheld email's slip-sheet) as the load files list it. */
export interface ProducedDocument {
  begBates: string;
  endBates: string;
  /** Every page's Bates number, in order. */
  pageNumbers: string[];
  custodian: string;
  from: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  sentAt: Date;
  /** The email's name as archived (`<emailId>.eml`). */
  filename: string;
  /** MD5 of the archived message (review platforms deduplicate on it). */
  md5: string;
  /** The privilege basis (the tag) of a withheld email; null when produced. */
  withheldFor: string | null;
  /** SHA-256 of the archived message. */
  sha256: string;
}

export const pdfFile = (begBates: string) => `pdf/${begBates}.pdf`;
export const textFile = (begBates: string) => `text/${begBates}.txt`;
export const OPT_FILE = "loadfile.opt";
export const PRIVILEGE_LOG_FILE = "privilege-log.csv";

/** Concordance DAT fields of a PDF production (docs/ediscovery.md): natives are not produced, so NATIVEPATH is empty. */
export const PDF_LOADFILE_FIELDS = [
  "BEGBATES",
  "ENDBATES",
  "BEGATTACH",
  "ENDATTACH",
  "PAGES",
  "CUSTODIAN",
  "FROM",
  "TO",
  "CC",
  "BCC",
  "SUBJECT",
  "DATESENT",
  "TIMESENT",
  "FILENAME",
  "MD5HASH",
  "TEXTPATH",
  "NATIVEPATH",
] as const;

const pad = (value: number) => String(value).padStart(2, "0");
/** MM/DD/YYYY and HH:MM:SS, in UTC (review platforms read these forms). */
const dateSent = (date: Date) => `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
const timeSent = (date: Date) => `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;

export const pdfLoadfileHeader = () => `\ufeff${PDF_LOADFILE_FIELDS.map(datField).join("\u0014")}\r\n`;

/** One DAT line: a family (the email and its attachments) is one PDF, so BEGATTACH/ENDATTACH are its own range. */
export function pdfLoadfileLine(document: ProducedDocument): string {
  const values: Record<(typeof PDF_LOADFILE_FIELDS)[number], string> = {
    BEGBATES: document.begBates,
    ENDBATES: document.endBates,
    BEGATTACH: document.begBates,
    ENDATTACH: document.endBates,
    PAGES: String(document.pageNumbers.length),
    CUSTODIAN: document.custodian,
    FROM: document.from,
    TO: document.to,
    CC: document.cc,
    BCC: document.bcc,
    SUBJECT: document.subject,
    DATESENT: dateSent(document.sentAt),
    TIMESENT: timeSent(document.sentAt),
    FILENAME: document.filename,
    MD5HASH: document.md5,
    TEXTPATH: textFile(document.begBates),
    NATIVEPATH: "",
  };
  return `${PDF_LOADFILE_FIELDS.map((field) => datField(values[field])).join("\u0014")}\r\n`;
}

/**
 * Opticon: one line per page, `BATES,VOLUME,pdf/<BEGBATES>.pdf,Y|,,,PAGES`: the document break `Y`
 * and the page count on a document's first page only.
 */
export function optLines(document: ProducedDocument, volume: string): string {
  return document.pageNumbers
    .map((number, index) =>
      index === 0
        ? `${number},${volume},${pdfFile(document.begBates)},Y,,,${document.pageNumbers.length}\r\n`
        : `${number},${volume},${pdfFile(document.begBates)},,,,\r\n`,
    )
    .join("");
}

export const PRIVILEGE_LOG_COLUMNS = ["BATES", "DATE", "AUTHOR", "RECIPIENTS", "SUBJECT", "PRIVILEGE", "SHA256"] as const;

export const privilegeLogHeader = () => `${PRIVILEGE_LOG_COLUMNS.join(",")}\r\n`;

/** One withheld email: its slip-sheet's Bates number, what identifies it (redacted), the basis, and its original's SHA-256. */
export function privilegeLogLine(document: ProducedDocument): string {
  const recipients = [document.to, document.cc, document.bcc].filter(Boolean).join("; ");
  const cells = [
    document.begBates,
    document.sentAt.toISOString(),
    document.from,
    recipients,
    document.subject,
    document.withheldFor ?? "",
    document.sha256,
  ];
  return `${cells.map((cell) => csvField(neutralizedCell(cell))).join(",")}\r\n`;
}

/**
 * A PDF production's files after the leading ones, in the zip's and the manifest's order: the PDFs
 * (their names sort as their Bates numbers: one prefix, padded to one width), the texts, the OPT
 * and the privilege log.
 */
export async function pdfProductionFiles(directory: string): Promise<string[]> {
  const list = async (sub: string) => (await readdir(path.join(directory, sub))).sort().map((name) => `${sub}/${name}`);
  return [...(await list("pdf")), ...(await list("text")), OPT_FILE, PRIVILEGE_LOG_FILE];
}
