import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { BlobUnreadableError } from "../../archive/storage/blob-envelope";
import { BlobNotFoundError } from "../../archive/storage/blob-store";
import { blobStore, defaultBlobReadConcurrency } from "../../archive/storage/blob-store-factory";
import { forEachConcurrently } from "../../platform/concurrency/for-each-concurrently";
import { sha256Hex } from "../../platform/crypto/sha256";
import {
  BLOB_REFERENCES,
  blobReferencePages,
  countBlobReferences,
  type BlobReferenceSample,
} from "../../archive/storage/blob-references.queries";
import { deleteCheckCursor, saveCheckCursor, selectCheckCursor } from "../installation.queries";
import type { BlobWalkOptions, InstallationCheck } from "./installation-check";

const walkCounts = z.object({ blobsChecked: z.number(), blobsMissing: z.number(), blobsCorrupt: z.number() });
/** What the cursor row keeps besides its position: the sample walked and the counts of every part so far. */
const walkState = z.object({ sample: z.object({ fraction: z.number(), seed: z.string() }).nullable(), sinceStart: walkCounts });
type WalkCounts = z.infer<typeof walkCounts>;

/** The sample a new walk takes: a count becomes the fraction of the blobs it is (about that many are checked). */
async function sampleOf(
  client: Parameters<InstallationCheck["run"]>[0]["client"],
  walk: BlobWalkOptions,
): Promise<BlobReferenceSample | null> {
  if (!walk.sample) return null;
  const seed = walk.seed ?? randomBytes(8).toString("hex");
  if ("fraction" in walk.sample) return { fraction: Math.min(1, walk.sample.fraction), seed };
  const total = await countBlobReferences(client, BLOB_REFERENCES);
  return { fraction: total === 0 ? 1 : Math.min(1, walk.sample.count / total), seed };
}

/**
 * Every email's and attachment's stored bytes exist, open (decrypted and decompressed: an altered
 * sealed blob fails its authentication) and hash to the SHA-256 its row records.
 * Rows are read in keyset pages (constant memory whatever the archive's size), each page's blobs
 * read `concurrency` at once. After each page the walk's position is saved in the database
 * (check_cursors), so a walk stopped by `limit`, a crash or Ctrl-C continues with `resume` from
 * any host; a finished walk deletes it. A `sample` walks only the rows its seed picks.
 */
export const storedBytesCheck: InstallationCheck = {
  name: "stored bytes",
  async estimateWork(client, walk) {
    const total = await countBlobReferences(client, BLOB_REFERENCES);
    const fraction = walk.sample && "fraction" in walk.sample ? walk.sample.fraction : 1;
    const sampled = walk.sample && "count" in walk.sample ? Math.min(total, walk.sample.count) : Math.ceil(total * fraction);
    return walk.limit === undefined ? sampled : Math.min(sampled, walk.limit);
  },
  async run({ client, blobWalk: walk, advance, problem }) {
    const store = blobStore();
    const concurrency = walk.concurrency ?? defaultBlobReadConcurrency(store.inner);
    const cursor = walk.resume ? await selectCheckCursor(client) : null;
    const resumed = cursor ? walkState.parse(cursor.state) : null;
    const sample = resumed ? resumed.sample : await sampleOf(client, walk);
    const counts: WalkCounts & { emails: number } = { emails: 0, blobsChecked: 0, blobsMissing: 0, blobsCorrupt: 0 };
    const sinceStart = () => ({
      blobsChecked: (resumed?.sinceStart.blobsChecked ?? 0) + counts.blobsChecked,
      blobsMissing: (resumed?.sinceStart.blobsMissing ?? 0) + counts.blobsMissing,
      blobsCorrupt: (resumed?.sinceStart.blobsCorrupt ?? 0) + counts.blobsCorrupt,
    });
    const firstReference = cursor
      ? Math.max(
          0,
          BLOB_REFERENCES.findIndex((reference) => reference.kind === cursor.kind),
        )
      : 0;
    let stopped = false;
    walk: for (const reference of BLOB_REFERENCES.slice(firstReference)) {
      const after = cursor?.kind === reference.kind ? cursor.afterId : null;
      for await (const page of blobReferencePages(client, reference, { after, sample })) {
        const rows = walk.limit === undefined ? page : page.slice(0, Math.max(0, walk.limit - counts.blobsChecked));
        if (rows.length === 0) {
          stopped = true;
          break walk;
        }
        await forEachConcurrently(rows, concurrency, async (row) => {
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
        if (reference.kind === "email") counts.emails += rows.length;
        await saveCheckCursor(client, {
          kind: reference.kind,
          afterId: rows[rows.length - 1].id,
          state: { sample, sinceStart: sinceStart() },
        });
        advance(rows.length);
        if (walk.limit !== undefined && counts.blobsChecked >= walk.limit) {
          stopped = true;
          break walk;
        }
      }
    }
    if (!stopped) await deleteCheckCursor(client);
    const total = sinceStart();
    return {
      ok: counts.blobsMissing === 0 && counts.blobsCorrupt === 0,
      // A plain full check prints what it always did; the walk's fields appear when the options used them.
      summary: {
        ...counts,
        ...(sample && { sampled: true, sampleFraction: sample.fraction }),
        ...((walk.resume || walk.limit !== undefined) && {
          resumed: resumed !== null,
          walkComplete: !stopped,
          blobsCheckedSinceStart: total.blobsChecked,
          blobProblemsSinceStart: total.blobsMissing + total.blobsCorrupt,
        }),
      },
    };
  },
};
