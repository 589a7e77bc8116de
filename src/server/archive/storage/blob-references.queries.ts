import { Prisma } from "@/generated/prisma/client";
import { queryOne, querySql, type SqlClient } from "../../platform/db/sql-client";

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
const identifier = (name: string) => Prisma.raw(quoteIdentifier(name));

/** The rows that reference stored bytes: each email's raw message, each attachment. */
export const BLOB_REFERENCES = [
  { kind: "email", table: "archived_emails", key: "storage_path", hash: "storage_hash_sha256" },
  { kind: "attachment", table: "attachments", key: "storage_path", hash: "hash_sha256" },
] as const;
export type BlobReference = (typeof BLOB_REFERENCES)[number];

export interface BlobReferenceRow {
  /** A uuid (pg answers it as text; ordering by its text could differ from the index's order under some collations). */
  id: string;
  key: string;
  hash: string;
}

export async function countBlobReferences(client: SqlClient, references: readonly BlobReference[]): Promise<number> {
  const counts = references.map((reference) => Prisma.sql`(SELECT count(*) FROM ${identifier(reference.table)})`);
  const row = await queryOne<{ total: string }>(client, Prisma.sql`SELECT (${Prisma.join(counts, " + ")})::text AS total`);
  return Number(row!.total);
}

/**
 * A deterministic pseudo-random sample of a table's rows: a row belongs when the first 32 bits of
 * md5(id, seed) fall under `fraction` of their range. The same seed picks the same rows, so a
 * sampled walk can be resumed.
 */
export interface BlobReferenceSample {
  fraction: number;
  seed: string;
}

const SAMPLE_RANGE = 2 ** 32;

/** One keyset page of a referencing table's rows: ids above `after` (null: from the first), of the sample if given. */
export async function selectBlobReferencePage(
  client: SqlClient,
  reference: BlobReference,
  after: string | null,
  limit: number,
  sample: BlobReferenceSample | null = null,
): Promise<BlobReferenceRow[]> {
  const inSample =
    sample && sample.fraction < 1
      ? Prisma.sql`AND ('x' || substr(md5(id::text || ${sample.seed}), 1, 8))::bit(32)::bigint < ${Math.ceil(sample.fraction * SAMPLE_RANGE)}`
      : Prisma.empty;
  return querySql(
    client,
    Prisma.sql`
    SELECT id, ${identifier(reference.key)} AS key, ${identifier(reference.hash)} AS hash FROM ${identifier(reference.table)}
     WHERE (${after}::uuid IS NULL OR id > ${after}::uuid) ${inSample} ORDER BY id LIMIT ${limit}`,
  );
}

const REFERENCE_PAGE = 500;

/** A referencing table's rows in keyset pages (constant memory whatever the archive's size), after `after`, of the sample if given. */
export async function* blobReferencePages(
  client: SqlClient,
  reference: BlobReference,
  options: { after?: string | null; sample?: BlobReferenceSample | null } = {},
): AsyncGenerator<BlobReferenceRow[]> {
  let after: string | null = options.after ?? null;
  for (;;) {
    const rows = await selectBlobReferencePage(client, reference, after, REFERENCE_PAGE, options.sample ?? null);
    if (rows.length > 0) yield rows;
    if (rows.length < REFERENCE_PAGE) return;
    after = rows[rows.length - 1].id;
  }
}
