import { storeEmails } from "../../archive/store/store-emails";
import { searchStoreIndexing } from "../../search/search-store-indexing";
import { trySyncBlobRetention } from "../../retention/lifecycle/blob-retention";
import { emailRow } from "./email-row";
import type { IngestOutcome, PreparedBatch } from "./ingestion.types";

/**
 * Hands a prepared batch to the archive once its attachment text is there; one outcome per
 * message, in order (archive/store/store-emails.ts stores; capture keeps parsing and bookkeeping).
 * Emails a legal hold covers from the start get their objects locked right after.
 */
export async function storePreparedBatch(batch: PreparedBatch): Promise<IngestOutcome[]> {
  const { outcomes } = batch;
  if (batch.candidates.length === 0) return outcomes;
  const texts = await Promise.all(batch.candidates.map((candidate) => candidate.prepared.texts));
  const archivedAt = new Date();
  const stored = await storeEmails(
    {
      sourceId: batch.sourceId,
      userEmail: batch.userEmail,
      emails: batch.candidates.map(({ prepared }, position) => ({
        row: emailRow({ sourceId: batch.sourceId, userEmail: batch.userEmail, prepared, texts: texts[position], archivedAt }),
        raw: prepared.message.raw,
        attachments: prepared.parsed.attachments.map((attachment) => ({ hash: attachment.hashSha256, bytes: attachment.bytes })),
      })),
    },
    searchStoreIndexing(),
  );
  batch.candidates.forEach((candidate, position) => (outcomes[candidate.index] = stored[position]));
  await trySyncBlobRetention(stored.flatMap((outcome) => (outcome.status === "imported" ? [outcome.emailId] : [])));
  return outcomes;
}
