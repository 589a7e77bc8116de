import path from "node:path";
import { BlobUnreadableError } from "../../../archive/storage/blob-envelope";
import { BlobNotFoundError } from "../../../archive/storage/blob-store";
import { blobStore } from "../../../archive/storage/blob-store-factory";
import { forEachConcurrently } from "../../concurrency/for-each-concurrently";
import { sha256Hex } from "../copy-blob-to-backup";
import { BLOB_REFERENCES, blobReferencePages, countBlobReferences } from "../operations.queries";
import type { InstallationCheck } from "./installation-check";

const READ_CONCURRENCY = 8;

/**
 * Every email's and attachment's stored bytes exist, open (decrypted and decompressed: an altered
 * sealed blob fails its authentication) and hash to the SHA-256 its row records.
 * Rows are read in keyset pages (constant memory whatever the archive's size).
 */
export const storedBytesCheck: InstallationCheck = {
  name: "stored bytes",
  async estimateWork(client) {
    return countBlobReferences(client, BLOB_REFERENCES);
  },
  async run({ client, advance, problem }) {
    const store = blobStore();
    const counts = { emails: 0, blobsChecked: 0, blobsMissing: 0, blobsCorrupt: 0 };
    for (const reference of BLOB_REFERENCES) {
      for await (const page of blobReferencePages(client, reference)) {
        await forEachConcurrently(page, READ_CONCURRENCY, async (row) => {
          const bytes = await store.get(row.key).catch((error: unknown) => {
            if (error instanceof BlobNotFoundError || error instanceof BlobUnreadableError) return error;
            throw error;
          });
          counts.blobsChecked++;
          if (bytes instanceof BlobNotFoundError) {
            counts.blobsMissing++;
            problem(`${reference.kind} ${row.id}: its stored bytes ${row.key} are missing`);
          } else if (bytes instanceof BlobUnreadableError) {
            counts.blobsCorrupt++;
            problem(`${reference.kind} ${row.id}: ${bytes.message}`);
          } else if (sha256Hex(bytes) !== row.hash || path.basename(row.key) !== row.hash) {
            counts.blobsCorrupt++;
            problem(`${reference.kind} ${row.id}: the bytes stored under ${row.key} do not hash to ${row.hash}`);
          }
        });
        if (reference.kind === "email") counts.emails += page.length;
        advance(page.length);
      }
    }
    return { ok: counts.blobsMissing === 0 && counts.blobsCorrupt === 0, summary: counts };
  },
};
