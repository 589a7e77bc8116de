import type { ProductionSettings } from "./production-settings";

/** README.txt of a PDF production: what the files are and how to check them (no redaction pattern is repeated). */
export function pdfReadme(options: {
  exportName: string;
  caseName: string;
  settings: ProductionSettings;
  documents: number;
  withheld: number;
  pages: number;
  batesBegin: string | null;
  batesEnd: string | null;
  restricted: boolean;
  completedAt: Date;
}): string {
  const { settings } = options;
  return [
    `eDiscovery production "${options.exportName}" of case "${options.caseName}" (PDF, Bates-numbered)`,
    `Completed ${options.completedAt.toISOString()}: ${options.documents} document(s), ${options.withheld} withheld, ${options.pages} page(s),`,
    `Bates ${options.batesBegin ?? "-"} to ${options.batesEnd ?? "-"}.`,
    settings.endorsement ? `Every page is endorsed "${settings.endorsement}".` : "",
    `${settings.redact.length} redaction rule(s); each redaction is a black box with its label (${[...new Set(settings.redact.map((rule) => rule.label))].join(", ") || "none"}).`,
    "",
    options.restricted
      ? "RESTRICTED: the requesting member's role limits which emails they may read; this production contains only those."
      : "Unrestricted: the requesting member may read every archived email matching the selection.",
    "",
    "Files",
    "pdf/<BEGBATES>.pdf       one PDF per email and its attachments (a family), every page stamped with its own Bates",
    "                         number (bottom right) and the endorsement (bottom left); a withheld email is one",
    '                         slip-sheet page "Withheld: <basis>".',
    "text/<BEGBATES>.txt      the text of the document's pages, after redaction.",
    "loadfile.dat             Concordance DAT (UTF-8 with BOM, þ quote, ASCII 20 separator, ® for a line break): BEGBATES,",
    "                         ENDBATES, BEGATTACH, ENDATTACH, PAGES, CUSTODIAN, FROM, TO, CC, BCC, SUBJECT, DATESENT,",
    "                         TIMESENT (UTC), FILENAME, MD5HASH (of the archived message), TEXTPATH, NATIVEPATH (natives",
    "                         are not produced: empty).",
    "loadfile.opt             Opticon: one line per page, BATES,VOLUME,pdf/<BEGBATES>.pdf,Y on a document's first page,,,PAGES.",
    "privilege-log.csv        one row per withheld email: BATES of its slip-sheet, DATE, AUTHOR, RECIPIENTS, SUBJECT,",
    "                         PRIVILEGE (the basis), SHA256 of the withheld original as archived.",
    "manifest.csv             one row per PDF (emailId, redacted metadata, sha256 and size of the PDF, file), then one",
    "                         row per other file, by SHA-256 and size. A value starting with = + - @, a tab, a carriage",
    "                         return or a single quote has a single quote put in front: remove it to read the value.",
    "manifest.sig             Ed25519 signature (base64) of the exact bytes of manifest.csv, by the archive's export key.",
    "export-key.pem           the public key the signature verifies with (SPKI PEM). Compare it with the one the archive",
    "                         publishes (GET /api/v1/enterprise/ediscovery/export-key) before trusting it.",
    "",
    "Verify",
    "  node verify-export.mjs <this zip> [--key export-key.pem]      (scripts/verify-export.mjs of the archive, no dependencies)",
    "",
  ]
    .filter((line, index) => line !== "" || index > 4)
    .join("\n");
}
