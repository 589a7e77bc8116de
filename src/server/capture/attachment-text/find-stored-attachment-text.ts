import { db } from "../../platform/db/client";
import { selectExtractedAttachmentsByHash } from "./attachment-text.queries";
import { extractionVariant, isTransientExtractionError, type ExtractionResult } from "./extract-attachment-text";

/** Rows looked at per hash: the same bytes archived under many names and types are rare. */
const CANDIDATE_ROWS = 20;

/**
 * The text already extracted from identical bytes read the same way (type and charset), when the
 * archive holds them; null otherwise, and for results that were transient failures or that
 * predate the reader of this type (no text and no error).
 */
export async function findStoredAttachmentText(attachment: {
  bytes: Buffer;
  mimeType: string;
  filename: string;
  hashSha256: string;
}): Promise<ExtractionResult | null> {
  const variant = extractionVariant(attachment);
  if (!variant) return null;
  const rows = await selectExtractedAttachmentsByHash(db(), attachment.hashSha256, CANDIDATE_ROWS);
  const match = rows.find(
    (row) =>
      !isTransientExtractionError(row.extraction_error) &&
      extractionVariant({ bytes: attachment.bytes, mimeType: row.mime_type, filename: row.filename }) === variant,
  );
  return match ? { text: match.extracted_text, error: match.extraction_error } : null;
}
