import { simpleParser } from "mailparser";
import { pgPool } from "../../platform/db/pg-pool";
import { BlobNotFoundError } from "../../archive/storage/blob-store";
import { blobStore } from "../../archive/storage/blob-store-factory";
import { emailsWithoutRecipientKinds, setRecipientKinds } from "./ingestion.queries";
import { lowerCasedAddresses } from "./parse-message";

/** The header block of a message: everything before the first empty line (at most 1 MB, as parsing allows). */
function headerBlock(raw: Buffer): Buffer {
  const end = raw.indexOf("\r\n\r\n") >= 0 ? raw.indexOf("\r\n\r\n") : raw.indexOf("\n\n");
  return raw.subarray(0, Math.min(end >= 0 ? end : raw.length, 1024 * 1024));
}

/**
 * Records the Cc and Bcc addresses of emails archived before they were kept (migration
 * 20261125014000_recipient_kinds), from their stored bytes, `batchSize` at a time in id order, so
 * the search language's cc: and bcc: find them too. An email whose bytes cannot be read stays
 * unknown (explain reports it) and is tried again by the next run. Returns how many were filled.
 */
export async function fillRecipientKinds(options: { batchSize?: number; signal?: AbortSignal } = {}): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  let after = "00000000-0000-0000-0000-000000000000";
  let filled = 0;
  while (!options.signal?.aborted) {
    const rows = await emailsWithoutRecipientKinds(pgPool(), after, batchSize);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const kinds: { id: string; cc: string[]; bcc: string[] }[] = [];
    for (const row of rows) {
      try {
        const headers = await simpleParser(headerBlock(await blobStore().get(row.storagePath)), {
          skipHtmlToText: true,
          skipTextToHtml: true,
        });
        kinds.push({ id: row.id, cc: lowerCasedAddresses(headers.cc), bcc: lowerCasedAddresses(headers.bcc) });
      } catch (error) {
        if (!(error instanceof BlobNotFoundError)) throw error;
      }
    }
    if (kinds.length === 0) continue;
    filled += await setRecipientKinds(pgPool(), kinds);
  }
  return filled;
}
