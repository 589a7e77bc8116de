import type { AuditActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import type { MessageEnvelope } from "../ingestion/ingestion.types";
import { normalizedEnvelope, type JournalOutcome } from "./archive-journaled-message";
import { SmtpReply, unrouted } from "./journal-routing";
import type { JournalSource } from "./journal-sources";
import { mergeEnvelopes } from "./merge-envelopes";
import { sha256Hex } from "../../platform/crypto/sha256";

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

/** Most bytes hashes remembered as waiting (a bound on memory; the oldest are forgotten first). */
const MAX_WAITING = 10_000;

/**
 * Split delivery without the journal address (docs/journaling.md, "Split delivery"): an MTA that
 * splits one message's recipients over several transactions puts the journal address in only one
 * of them. A transaction no journal address routes is therefore matched by its bytes: when a
 * journal source has archived the same bytes, its recipients are added to that email's envelope
 * (250). Otherwise its journaled part may still be on its way (transactions of one message go out
 * in parallel, in no set order), so it is answered 451 — the MTA retries — until `waitMs` after it
 * was first seen by this process, and 550 after that.
 */
export function createSplitPartArchiver(options: { waitMs: number }) {
  const firstSeen = new Map<string, number>();

  const refuseOrWait = (hash: string): SmtpReply => {
    const now = Date.now();
    const seen = firstSeen.get(hash) ?? now;
    if (!firstSeen.has(hash)) {
      if (firstSeen.size >= MAX_WAITING) firstSeen.delete(firstSeen.keys().next().value!);
      firstSeen.set(hash, now);
    }
    if (now - seen >= options.waitMs) {
      firstSeen.delete(hash);
      return unrouted();
    }
    return new SmtpReply(451, "4.4.0 No journal address among the recipients; waiting for the part of this message that carries one");
  };

  /**
   * Adds the transaction's envelope to the emails journal sources archived with the same bytes, when
   * the client is trusted for their source (`trustedBy` answers the audit actor, else the part is a
   * duplicate that changes nothing); throws 451 or 550 when there are none.
   */
  return async function archiveSplitPart(options: {
    sources: JournalSource[];
    raw: Buffer;
    envelope: MessageEnvelope;
    mayUse: (source: JournalSource) => void;
    trustedBy: (source: JournalSource) => AuditActor | undefined;
  }): Promise<JournalOutcome[]> {
    const hash = sha256Hex(options.raw);
    const archived = await db().archivedEmail.findMany({
      where: { storageHashSha256: hash, ingestionSourceId: { in: options.sources.map((source) => source.id) } },
      select: { ingestionSourceId: true, userEmail: true },
    });
    if (archived.length === 0) throw refuseOrWait(hash);
    firstSeen.delete(hash);
    const sourceOf = (email: (typeof archived)[number]) => options.sources.find((candidate) => candidate.id === email.ingestionSourceId)!;
    for (const email of archived) options.mayUse(sourceOf(email));
    const { from, recipients } = normalizedEnvelope(options.envelope);
    const outcomes: JournalOutcome[] = [];
    for (const email of archived) {
      const source = sourceOf(email);
      const actor = options.trustedBy(source);
      if (!actor) {
        outcomes.push({ status: "duplicate" });
        continue;
      }
      const domains = new Set(source.internalDomains);
      const participants = [from.toLowerCase(), ...recipients].filter((address) => address.includes("@") && domains.has(domainOf(address)));
      const merged = await mergeEnvelopes({
        sourceId: source.id,
        userEmail: email.userEmail,
        additions: [{ hashSha256: hash, from, recipients, participants, actor }],
      });
      const emailId = merged.get(hash);
      outcomes.push(emailId === undefined ? { status: "duplicate" } : { status: "merged", emailId });
    }
    return outcomes;
  };
}
