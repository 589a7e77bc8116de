import type { Tx } from "../db/client";
import type { SearchEngine } from "./search-engine";

/**
 * PostgreSQL full-text search: the tsvector is computed in the ingest transaction, so an email
 * is searchable (is_indexed) as soon as it is committed.
 */
export class PostgresSearchEngine implements SearchEngine {
  readonly name = "postgres" as const;

  async indexEmails(tx: Tx, emailIds: string[]): Promise<void> {
    if (emailIds.length === 0) return;
    await tx.$executeRaw`
      UPDATE archived_emails e SET
        search_vector =
          setweight(to_tsvector('simple', coalesce(e.subject, '')), 'A') ||
          setweight(to_tsvector('simple', coalesce(e.sender_name, '') || ' ' || coalesce(e.sender_email, '')), 'B') ||
          setweight(to_tsvector('simple', array_to_string(e.recipient_emails, ' ')), 'B') ||
          setweight(to_tsvector('simple', left(coalesce(e.body_text, ''), 500000)), 'C') ||
          setweight(to_tsvector('simple', coalesce((
            SELECT string_agg(a.filename || ' ' || left(coalesce(a.extracted_text, ''), 200000), ' ')
            FROM attachments a WHERE a.email_id = e.id), '')), 'D'),
        is_indexed = true
      WHERE e.id = ANY(${emailIds}::uuid[])`;
  }

  async removeEmails(): Promise<void> {
    // The tsvector lives on the row, so deleting the row removes it from the index.
  }

  search(): never {
    throw new Error("PostgresSearchEngine.search is not implemented yet");
  }

  searchAllIds(): never {
    throw new Error("PostgresSearchEngine.searchAllIds is not implemented yet");
  }
}
