export interface ExportVerification {
  ok: boolean;
  problems: string[];
  messages: number;
  /** True when the zip's own export-key.pem was used (no key given). */
  keyFromZip: boolean;
}

export function verifyExportZip(zipPath: string, options?: { publicKeyPem?: string }): ExportVerification;
