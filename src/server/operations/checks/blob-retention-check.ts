import type pg from "pg";
import { config } from "../../config/env";
import { db } from "../../db/client";
import { desiredRetentionOf, type DesiredRetention } from "../../lifecycle/blob-retention";
import { blobKeyForHash, describeRetention, type BlobRetention } from "../../storage/blob-store";
import { blobStore } from "../../storage/blob-store-factory";
import { forEachConcurrently } from "../concurrently";
import type { InstallationCheck } from "./installation-check";

const PAGE = 500;
const READ_CONCURRENCY = 8;

/**
 * Immutability mode only (docs/retention.md "Immutable storage"): every referenced blob's stored
 * retention is at least what the database asks for: a retain-until no earlier than the rules give
 * (a later one is the expected trace of a shortened rule) and a legal hold exactly while a linked
 * email is held. Emails are read in keyset pages; a blob several emails share is checked with each page.
 */
export const blobRetentionCheck: InstallationCheck = {
  name: "blob retention",
  async estimateWork(client) {
    if (!config.storageImmutable) return 0;
    const { rows } = await client.query<{ total: string }>("SELECT count(*) AS total FROM archived_emails");
    return Number(rows[0].total);
  },
  async run({ client, advance, problem }) {
    if (!config.storageImmutable) return { ok: true, summary: {} };
    const store = blobStore();
    const counts = { retentionChecked: 0, retentionMismatches: 0 };
    for await (const emailIds of emailPages(client)) {
      const { rows } = await client.query<{ hash: string }>(
        `SELECT storage_hash_sha256 AS hash FROM archived_emails WHERE id = ANY($1::uuid[])
         UNION SELECT hash_sha256 FROM attachments WHERE email_id = ANY($1::uuid[])`,
        [emailIds],
      );
      const desired = await desiredRetentionOf(
        db(),
        rows.map((row) => row.hash),
      );
      await forEachConcurrently(desired, READ_CONCURRENCY, async (wanted) => {
        const key = blobKeyForHash(wanted.hash);
        counts.retentionChecked++;
        const disagreement = await store.retentionOf(key).then(
          (stored) => stored && disagreementOf(stored, wanted),
          (error: unknown) => `its retention cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (disagreement) {
          counts.retentionMismatches++;
          problem(`blob ${key}: ${disagreement}`);
        }
      });
      advance(emailIds.length);
    }
    return { ok: counts.retentionMismatches === 0, summary: counts };
  },
};

function disagreementOf(stored: BlobRetention, wanted: DesiredRetention): string | null {
  const tooShort = wanted.retainUntil !== null && (stored.retainUntil === null || stored.retainUntil < wanted.retainUntil);
  if (!tooShort && stored.legalHold === wanted.legalHold) return null;
  return `the store has it ${describeRetention(stored)}, the database asks for ${describeRetention(wanted)}`;
}

async function* emailPages(client: pg.Client): AsyncGenerator<string[]> {
  let after: string | null = null;
  for (;;) {
    const { rows }: { rows: { id: string }[] } = await client.query<{ id: string }>(
      `SELECT id FROM archived_emails WHERE $1::uuid IS NULL OR id > $1::uuid ORDER BY id LIMIT ${PAGE}`,
      [after],
    );
    if (rows.length > 0) yield rows.map((row) => row.id);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].id;
  }
}
