import { appendAuditEntries, type AuditActor } from "../../audit/append-audit-entry";
import { withPgTransaction } from "../../platform/db/pg-pool";
import { searchEngine } from "../../search/search-engine-factory";
import { addEnvelopes, type EnvelopeAddition } from "./journal.queries";

/**
 * Split delivery (docs/journaling.md): an MTA that splits one message's recipients over several
 * transactions sends the same bytes several times, each with part of the envelope. The first is
 * archived; every later one from a trusted client adds its recipients to that email's envelope, Bcc
 * recipients and participants here, in one UPDATE whose row lock serializes concurrent additions
 * (each reads the row as the one before it left it), so no addition is lost under concurrency.
 * Each email that gains recipients is audited (UPDATE of the ArchivedEmail, with the delivering
 * client as the actor) and indexed again in the same transaction. Returns the ids of the emails by hash.
 */
export async function mergeEnvelopes(options: {
  sourceId: string;
  userEmail: string;
  additions: (EnvelopeAddition & { actor: AuditActor })[];
}): Promise<Map<string, string>> {
  if (options.additions.length === 0) return new Map();
  return withPgTransaction(async (client) => {
    const rows = await addEnvelopes(
      client,
      options.sourceId,
      options.userEmail,
      options.additions.map(({ actor: _actor, ...addition }) => addition),
    );
    const changed = rows.filter((row) => row.changed);
    const additionOf = new Map(options.additions.map((addition) => [addition.hashSha256, addition]));
    await appendAuditEntries(
      client,
      changed.map((row) => {
        const { actor, from, recipients, participants } = additionOf.get(row.hash)!;
        return {
          actor,
          actionType: "UPDATE",
          targetType: "ArchivedEmail",
          targetId: row.id,
          details: {
            change: "envelope_merged",
            via: "smtp-journal",
            sourceId: options.sourceId,
            delivery: { from, recipients, participants },
          },
        };
      }),
    );
    await searchEngine().indexEmails(
      client,
      changed.map((row) => row.id),
    );
    return new Map(rows.map((row) => [row.hash, row.id]));
  });
}
