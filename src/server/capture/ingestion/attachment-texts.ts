import { extractAttachmentText, extractionVariant, type ExtractionResult } from "../attachment-text/extract-attachment-text";
import { findStoredAttachmentText } from "../attachment-text/find-stored-attachment-text";

/** Characters of finished texts kept for reuse in one run (the oldest go first beyond it). */
const MAX_HELD_CHARS = 8_000_000;

const NO_TEXT: Promise<ExtractionResult> = Promise.resolve({ text: null, error: null });

/**
 * Attachment text for one ingestion run (docs/ingestion.md). The same attachment recurs in
 * forwards, replies and newsletters, and extraction (pdf.js above all) costs far more than parsing
 * the message, so identical bytes read the same way are extracted once: a repeat within the run
 * shares the first request, and bytes the archive already holds reuse their stored text.
 */
export class AttachmentTexts {
  private readonly held = new Map<string, Promise<ExtractionResult>>();
  private readonly heldSizes = new Map<string, number>();
  private heldChars = 0;

  /** Never rejects: failures come back as `error`, as from extractAttachmentText. */
  textOf(attachment: { bytes: Buffer; mimeType: string; filename: string; hashSha256: string }): Promise<ExtractionResult> {
    const variant = extractionVariant(attachment);
    if (!variant) return NO_TEXT;
    const key = `${attachment.hashSha256}:${variant}`;
    const known = this.held.get(key);
    if (known) return known;
    const result = findStoredAttachmentText(attachment)
      .catch(() => null)
      .then((stored) => stored ?? extractAttachmentText(attachment))
      .catch((error: unknown) => ({ text: null, error: `extractor crashed: ${error instanceof Error ? error.message : String(error)}` }));
    this.held.set(key, result);
    // `result` never rejects: the last catch turns a crash into an error text.
    void result.then((text) => this.finished(key, text));
    return result;
  }

  private finished(key: string, result: ExtractionResult) {
    if (!this.held.has(key)) return;
    const size = (result.text?.length ?? 0) + (result.error?.length ?? 0);
    this.heldSizes.set(key, size);
    this.heldChars += size;
    for (const [oldest, oldestSize] of this.heldSizes) {
      if (this.heldChars <= MAX_HELD_CHARS) break;
      this.heldSizes.delete(oldest);
      this.held.delete(oldest);
      this.heldChars -= oldestSize;
    }
  }
}
