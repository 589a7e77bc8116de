import { storableText } from "../../platform/validation/storable-text";

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "text/plain": "txt",
  "text/html": "html",
  "message/rfc822": "eml",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
};
const MAX_LENGTH = 200;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A file name safe to store and to offer for download: the last path segment only, no control
 * characters, no characters that are special on common file systems, no leading dots, bounded
 * length; a generic name when nothing usable is left.
 */
export function safeAttachmentFilename(name: string | null | undefined, mimeType: string, index: number): string {
  const lastSegment =
    storableText((name ?? "").replace(/\u0000/g, ""))
      .normalize("NFC")
      .split(/[/\\]/)
      .pop() ?? "";
  let safe = lastSegment
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/[<>:"|?*]/g, "_")
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "")
    .trim();
  if (WINDOWS_RESERVED.test(safe)) safe = `_${safe}`;
  if (safe.length > MAX_LENGTH) {
    const dot = safe.lastIndexOf(".");
    const extension = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : "";
    safe = safe.slice(0, MAX_LENGTH - extension.length) + extension;
  }
  if (safe === "") safe = `attachment-${index + 1}.${EXTENSIONS[mimeType.toLowerCase()] ?? "bin"}`;
  return safe;
}
