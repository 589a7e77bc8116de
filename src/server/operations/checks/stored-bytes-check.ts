import path from "node:path";
import type pg from "pg";
import { BlobNotFoundError } from "../../storage/blob-store";
import { blobStore } from "../../storage/blob-store-factory";
import { forEachConcurrently } from "../concurrently";
import { sha256Hex } from "../copy-blob-to-backup";
import type { InstallationCheck } from "./installation-check";

const PAGE = 500;
const READ_CONCURRENCY = 8;

interface StoredRow {
  /** A uuid (pg answers it as text; ordering by its text could differ from the index's order under some collations). */
  id: string;
  key: string;
  hash: string;
}

/** The rows that reference stored bytes: each email's raw message, each attachment. */
const REFERENCES = [
  { kind: "email", table: "archived_emails", key: "storage_path", hash: "storage_hash_sha256" },
  { kind: "attachment", table: "attachments", key: "storage_path", hash: "hash_sha256" },
] as const;

/**
 * Every email's and attachment's stored bytes exist and hash to the SHA-256 its row records.
 * Rows are read in keyset pages (constant memory whatever the archive's size).
 */
export const storedBytesCheck: InstallationCheck = {
  name: "stored bytes",
  async estimateWork(client) {
    const { rows } = await client.query<{ total: string }>(
      `SELECT ${REFERENCES.map((reference) => `(SELECT count(*) FROM ${reference.table})`).join(" + ")} AS total`,
    );
    return Number(rows[0].total);
  },
  async run({ client, advance, problem }) {
    const store = blobStore();
    const counts = { emails: 0, blobsChecked: 0, blobsMissing: 0, blobsCorrupt: 0 };
    for (const reference of REFERENCES) {
      for await (const page of keysetPages(client, reference)) {
        await forEachConcurrently(page, READ_CONCURRENCY, async (row) => {
          const bytes = await store.get(row.key).catch((error: unknown) => {
            if (error instanceof BlobNotFoundError) return null;
            throw error;
          });
          counts.blobsChecked++;
          if (!bytes) {
            counts.blobsMissing++;
            problem(`${reference.kind} ${row.id}: its stored bytes ${row.key} are missing`);
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

async function* keysetPages(client: pg.Client, reference: (typeof REFERENCES)[number]): AsyncGenerator<StoredRow[]> {
  let after: string | null = null;
  for (;;) {
    const { rows }: { rows: StoredRow[] } = await client.query<StoredRow>(
      `SELECT id, ${reference.key} AS key, ${reference.hash} AS hash FROM ${reference.table}
        WHERE $1::uuid IS NULL OR id > $1::uuid ORDER BY id LIMIT ${PAGE}`,
      [after],
    );
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].id;
  }
}
