import { withPgTransaction } from "../db/pg-pool";
import { searchEngine } from "../search/search-engine-factory";
import { addEnvelopes, type EnvelopeAddition } from "./journal.queries";

/**
 * Split delivery (docs/journaling.md): an MTA that splits one message's recipients over several
 * transactions sends the same bytes several times, each with part of the envelope. The first is
 * archived; every later one adds its recipients to that email's envelope, Bcc recipients and
 * participants here, in one UPDATE whose row lock serializes concurrent additions (each reads the
 * row as the one before it left it), so no addition is lost under concurrency. Emails that gain
 * recipients are indexed again in the same transaction. Returns the ids of the emails by hash.
 */
export async function mergeEnvelopes(options: {
  sourceId: string;
  userEmail: string;
  additions: EnvelopeAddition[];
}): Promise<Map<string, string>> {
  if (options.additions.length === 0) return new Map();
  return withPgTransaction(async (client) => {
    const rows = await addEnvelopes(client, options.sourceId, options.userEmail, options.additions);
    const changed = rows.filter((row) => row.changed).map((row) => row.id);
    await searchEngine().indexEmails(client, changed);
    return new Map(rows.map((row) => [row.hash, row.id]));
  });
}
