import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../../platform/db/sql-client";

/** Up to `limit` attachments with the bytes of `hash` whose extraction has a result (text or error). */
export async function selectExtractedAttachmentsByHash(client: SqlClient, hash: string, limit: number) {
  return querySql<{ mime_type: string; filename: string; extracted_text: string | null; extraction_error: string | null }>(
    client,
    Prisma.sql`
    SELECT mime_type, filename, extracted_text, extraction_error FROM attachments
    WHERE hash_sha256 = ${hash} AND (extracted_text IS NOT NULL OR extraction_error IS NOT NULL)
    LIMIT ${limit}`,
  );
}
