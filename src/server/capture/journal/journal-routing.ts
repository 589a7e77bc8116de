import { timingSafeEqual } from "node:crypto";
import { clientAllowed, LOOPBACK_CLIENTS } from "./client-allow-list";
import type { JournalSource } from "./journal-sources";

/** An SMTP reply an MTA understands (docs/journaling.md, "SMTP replies"). */
export class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const noJournalSource = () => new SmtpReply(550, "5.1.1 No journal source is configured on this archive");
export const unrouted = () => new SmtpReply(550, "5.1.1 No journal source accepts any recipient of this message");

/** The sources a transaction is for: those whose journal address is a recipient, else a lone catch-all source. */
export function routeTransaction(sources: JournalSource[], recipients: string[]): JournalSource[] {
  const addresses = new Set(recipients.map((address) => address.toLowerCase()));
  const addressed = sources.filter((source) => source.recipientAddress !== undefined && addresses.has(source.recipientAddress));
  if (addressed.length > 0) return addressed;
  return sources.length === 1 && sources[0].recipientAddress === undefined ? sources : [];
}

/** The sources that would take mail for `recipient` on its own. */
export function sourcesFor(sources: JournalSource[], recipient: string): JournalSource[] {
  return routeTransaction(sources, [recipient]);
}

export interface SessionFacts {
  remoteAddress: string;
  secure: boolean;
  /** The id of the source whose credentials the client authenticated with. */
  authenticatedSourceId?: string;
}

/**
 * Closed by default (docs/journaling.md, "Who may deliver"): a source's `allowedClients`, else any
 * client when it requires SMTP AUTH (checked before the transaction), else loopback clients only.
 */
export function clientMayConnect(source: JournalSource, remoteAddress: string): boolean {
  if (source.allowedClients !== undefined) return clientAllowed(source.allowedClients, remoteAddress);
  return source.username !== undefined || clientAllowed(LOOPBACK_CLIENTS, remoteAddress);
}

/** Whether a source takes mail from anything but this host: it has an allow-list or credentials. */
export const loopbackOnly = (source: JournalSource) => source.allowedClients === undefined && source.username === undefined;

/**
 * A trusted client of `source` (one it may also use): authenticated with the source's credentials,
 * or inside its explicit `allowedClients`. Only a trusted client's delivery is unwrapped as an
 * Exchange journal report or adds its envelope to an email archived before; the loopback default
 * takes mail but trusts nobody.
 */
export function sessionTrusted(source: JournalSource, session: SessionFacts): boolean {
  if (session.authenticatedSourceId === source.id) return true;
  return source.allowedClients !== undefined && clientAllowed(source.allowedClients, session.remoteAddress);
}

/** Throws the SMTP reply that refuses `source` for this session, if any (client, TLS, AUTH, in that order). */
export function assertSessionMayUse(source: JournalSource, session: SessionFacts): void {
  if (!clientMayConnect(source, session.remoteAddress)) {
    throw new SmtpReply(554, `5.7.1 Client ${session.remoteAddress} may not deliver to this journal source`);
  }
  if (source.requireTls && !session.secure) throw new SmtpReply(530, "5.7.0 Must issue a STARTTLS command first");
  if (source.username !== undefined && session.authenticatedSourceId !== source.id) {
    throw new SmtpReply(530, "5.7.0 Authentication required");
  }
}

/** Throws the refusal of the first source unless the session may use at least one of `sources`. */
export function assertSessionMayUseAny(sources: JournalSource[], session: SessionFacts): void {
  let refusal: unknown;
  for (const source of sources) {
    try {
      assertSessionMayUse(source, session);
      return;
    } catch (error) {
      refusal ??= error;
    }
  }
  throw refusal ?? noJournalSource();
}

const sameSecret = (a: string, b: string) => {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The source whose username and password these are, or a 535 reply. */
export function authenticate(sources: JournalSource[], username: string, password: string): JournalSource {
  const source = sources.find(
    (candidate) =>
      candidate.username !== undefined &&
      candidate.password !== undefined &&
      candidate.username === username &&
      sameSecret(candidate.password, password),
  );
  if (!source) throw new SmtpReply(535, "5.7.8 Authentication credentials invalid");
  return source;
}

/** The envelope recipients to keep: every RCPT TO but the journal addresses. */
export function envelopeRecipients(recipients: string[], routed: JournalSource[]): string[] {
  const journal = new Set(routed.map((source) => source.recipientAddress).filter((address) => address !== undefined));
  return [...new Set(recipients.map((address) => address.toLowerCase()))].filter((address) => !journal.has(address));
}
