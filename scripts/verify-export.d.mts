export interface ExportVerification {
  ok: boolean;
  problems: string[];
  messages: number;
  /** True when the zip's own export-key.pem was used (no key given). */
  keyFromZip: boolean;
}

/** Checks a production zip; never throws for what the zip holds (every refusal is a problem). */
export function verifyExportZip(zipPath: string, options?: { publicKeyPem?: string }): ExportVerification;

/** The file mode every entry of a production carries. */
export const ZIP_ENTRY_MODE: number;
/** The columns of manifest.csv, in order. */
export const MANIFEST_COLUMNS: readonly [
  "emailId",
  "messageId",
  "sha256",
  "sizeBytes",
  "sentAt",
  "from",
  "to",
  "cc",
  "subject",
  "mailbox",
  "ingestionSourceId",
  "file",
];
/** The entries a production starts with, in this order. */
export const LEADING_FILES: readonly ["README.txt", "manifest.csv", "manifest.sig", "export-key.pem", "loadfile.dat"];
/** A manifest cell's value: one leading single quote (the writer's formula neutralisation) removed. */
export function manifestValue(cell: string): string;
/** The "From " line before a message in messages.mbox. */
export function mboxFromLine(sender: string, sentAt: Date): Buffer;
