import { config } from "../../platform/config/env";
import { db } from "../../platform/db/client";
import { desiredRetentionOf, type DesiredRetention } from "../../retention/lifecycle/blob-retention";
import { selectBlobHashReferencesOfEmails } from "../../retention/lifecycle/lifecycle.queries";
import { blobKeyForHash, describeRetention, type BlobRetention } from "../../archive/storage/blob-store";
import { blobStore, defaultBlobReadConcurrency } from "../../archive/storage/blob-store-factory";
import { forEachConcurrently } from "../../platform/concurrency/for-each-concurrently";
import { BLOB_REFERENCES, blobReferencePages, countBlobReferences } from "../../archive/storage/blob-references.queries";
import type { InstallationCheck } from "./installation-check";

const EMAILS = BLOB_REFERENCES[0];
const NAMED_EMAILS = 5;

/**
 * Immutability mode only (docs/retention.md "Immutable storage"): every referenced blob's stored
 * retention is at least what the database asks for: a retain-until no earlier than the rules give
 * (a later one is the expected trace of a shortened rule) and a legal hold exactly while a linked
 * email is held. Emails are read in keyset pages; a blob several emails share is checked with each
 * page. A finding names the blob and the page's emails referencing it: on S3 (Object Lock), an
 * email whose object lacks its legal hold or retention is one a direct delete could remove, and
 * every version of the object is compared: each holds the bytes.
 */
export const blobRetentionCheck: InstallationCheck = {
  name: "blob retention",
  async estimateWork(client) {
    if (!config.storageImmutable) return 0;
    return countBlobReferences(client, [EMAILS]);
  },
  async run({ client, blobWalk, advance, problem }) {
    if (!config.storageImmutable) return { ok: true, summary: {} };
    const store = blobStore();
    const concurrency = blobWalk.concurrency ?? defaultBlobReadConcurrency(store.inner);
    const counts = { retentionChecked: 0, retentionMismatches: 0 };
    for await (const emails of blobReferencePages(client, EMAILS)) {
      const emailIds = emails.map((email) => email.id);
      const references = await selectBlobHashReferencesOfEmails(client, emailIds);
      const emailsOf = new Map<string, string[]>();
      for (const { hash, emailId } of references) {
        const referencing = emailsOf.get(hash);
        if (referencing) referencing.push(emailId);
        else emailsOf.set(hash, [emailId]);
      }
      const desired = await desiredRetentionOf(db(), [...emailsOf.keys()]);
      await forEachConcurrently(desired, concurrency, async (wanted) => {
        const key = blobKeyForHash(wanted.hash);
        counts.retentionChecked++;
        const disagreement = await store.retentionOfEveryCopy(key).then(
          (copies) => disagreementOfCopies(copies ?? [], wanted),
          (error: unknown) => `its retention cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (disagreement) {
          counts.retentionMismatches++;
          problem(`blob ${key} (${namedEmails(emailsOf.get(wanted.hash)!)}): ${disagreement}`);
        }
      });
      advance(emailIds.length);
    }
    return { ok: counts.retentionMismatches === 0, summary: counts };
  },
};

/** The referencing emails of a finding, the first few by id (a blob may be shared by thousands). */
function namedEmails(emailIds: string[]): string {
  const named = emailIds.slice(0, NAMED_EMAILS).join(", ");
  return emailIds.length > NAMED_EMAILS
    ? `emails ${named} and ${emailIds.length - NAMED_EMAILS} more`
    : `email${emailIds.length > 1 ? "s" : ""} ${named}`;
}

/** The first copy that falls short (an S3 object's versions each hold the bytes), naming which when there are several. */
function disagreementOfCopies(copies: BlobRetention[], wanted: DesiredRetention): string | null {
  for (const [index, copy] of copies.entries()) {
    const disagreement = disagreementOf(copy, wanted);
    if (disagreement) return copies.length > 1 ? `copy ${index + 1} of ${copies.length}: ${disagreement}` : disagreement;
  }
  return null;
}

function disagreementOf(stored: BlobRetention, wanted: DesiredRetention): string | null {
  const tooShort = wanted.retainUntil !== null && (stored.retainUntil === null || stored.retainUntil < wanted.retainUntil);
  if (!tooShort && stored.legalHold === wanted.legalHold) return null;
  return `the store has it ${describeRetention(stored)}, the database asks for ${describeRetention(wanted)}`;
}
