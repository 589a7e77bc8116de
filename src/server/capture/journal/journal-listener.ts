import os from "node:os";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { AuditActor } from "../../audit/append-audit-entry";
import { createJournalArchiver, type JournalArchiverOptions } from "./archive-journaled-message";
import { authenticateJournalClient } from "./journal-auth";
import {
  assertSessionMayUse,
  assertSessionMayUseAny,
  clientMayConnect,
  envelopeRecipients,
  noJournalSource,
  routeTransaction,
  sessionTrusted,
  SmtpReply,
  sourcesFor,
  type SessionFacts,
} from "./journal-routing";
import { journalSourceCache, type JournalSource } from "./journal-sources";
import { createSpoolGate, receiveMessage } from "./journal-spool";
import { greetPromptly } from "./prompt-greeting";
import { createSplitPartArchiver } from "./split-delivery";
import type { TlsCredentials } from "./journal-tls";

export interface JournalListener {
  host: string;
  port: number;
  close(): Promise<void>;
}

export interface JournalListenerOptions {
  host: string;
  port: number;
  maxBytes: number;
  tls: TlsCredentials;
  /** Connections at once (default 100); beyond, the library's 421 and the connection is closed. */
  maxConnections?: number;
  /** Connections at once from one client address (default 20); beyond, 421. */
  maxConnectionsPerClient?: number;
  /** A message above this many bytes is spooled to a file while it arrives (default 1 MiB). */
  spoolBytes?: number;
  log?: (message: string) => void;
  /** How long a transaction without a journal address is answered 451 before 550 (split delivery; default 10 minutes). */
  splitWaitMs?: number;
  /** How long one read of the journal sources serves new transactions (default 1 s; tests that change sources use 0). */
  sourcesMaxAgeMs?: number;
  /** Group commit settings (tests and the benchmark); the defaults suit production. */
  groupCommit?: JournalArchiverOptions;
}

const temporaryFailure = () => new SmtpReply(451, "4.3.0 The archive could not store the message now; try again later");
const tooBig = (maxBytes: number) => new SmtpReply(552, `5.3.4 Message larger than the archive's limit of ${maxBytes} bytes`);
const tooManyFromClient = (address: string) => new SmtpReply(421, `4.7.0 Too many connections from ${address}, try again in a moment`);

const facts = (session: SMTPServerSession): SessionFacts => ({
  remoteAddress: session.remoteAddress,
  secure: session.secure,
  authenticatedSourceId: typeof session.user === "string" ? session.user : undefined,
});

/** The audit actor of a trusted client's delivery: the source it authenticated as, or its address. */
const deliveryActor = (source: JournalSource, session: SMTPServerSession): AuditActor => ({
  identifier: session.user === source.id && source.username !== undefined ? `smtp:${source.username}` : "smtp-journal",
  ip: session.remoteAddress,
});

/**
 * Twice the 20 parallel deliveries Postfix and Exchange open to one destination by default: an MTA at
 * its own limit opens its next connection before the listener has seen the last one close, and must
 * not be answered 421 for that.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 40;

/** Counts each client address's open connections (docs/journaling.md, "Bounds"). */
function connectionCounter(maxPerClient: number) {
  const open = new Map<string, number>();
  const counted = new Map<string, string>();
  return {
    /** Counts the session's connection; false when its address already has `maxPerClient`. */
    admit(session: SMTPServerSession): boolean {
      const address = session.remoteAddress;
      const count = (open.get(address) ?? 0) + 1;
      open.set(address, count);
      counted.set(session.id, address);
      return count <= maxPerClient;
    },
    release(session: SMTPServerSession) {
      const address = counted.get(session.id);
      if (address === undefined) return;
      counted.delete(session.id);
      const count = (open.get(address) ?? 1) - 1;
      if (count > 0) open.set(address, count);
      else open.delete(address);
    },
  };
}

/**
 * The SMTP journaling listener (docs/journaling.md): routes each transaction to its journal source
 * and answers 250 to DATA only once the message is archived (rows committed, bytes durable); any
 * internal failure is a 451, so the sending MTA keeps the message and retries.
 */
export async function startJournalListener(options: JournalListenerOptions): Promise<JournalListener> {
  const log = options.log ?? (() => undefined);
  const archive = createJournalArchiver(options.groupCommit);
  const connections = connectionCounter(options.maxConnectionsPerClient ?? DEFAULT_MAX_CONNECTIONS_PER_CLIENT);
  const withReceivedBytes = createSpoolGate();
  const archiveSplitPart = createSplitPartArchiver({ waitMs: options.splitWaitMs ?? 600_000 });
  /** Sources as read at the start of the session's current transaction. */
  const sourcesOf = new WeakMap<SMTPServerSession, JournalSource[]>();
  const loadSources = journalSourceCache(options.sourcesMaxAgeMs ?? 1000);
  const currentSources = async (session: SMTPServerSession) => {
    const sources = await loadSources();
    sourcesOf.set(session, sources);
    return sources;
  };
  const reply = (callback: (error?: Error | null) => void, work: () => Promise<void>) => {
    work().then(
      () => callback(),
      (error: unknown) => callback(error instanceof SmtpReply ? error : temporaryFailure()),
    );
  };

  const server = new SMTPServer({
    name: os.hostname(),
    banner: "mail-archive journal listener",
    key: options.tls.key,
    cert: options.tls.cert,
    size: options.maxBytes,
    maxClients: options.maxConnections ?? 100,
    authOptional: true,
    authMethods: ["PLAIN", "LOGIN"],
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      reply(callback, async () => {
        if (!connections.admit(session)) throw tooManyFromClient(session.remoteAddress);
        const sources = await currentSources(session);
        if (sources.length > 0 && !sources.some((source) => clientMayConnect(source, session.remoteAddress))) {
          throw new SmtpReply(554, `5.7.1 Client ${session.remoteAddress} is not allowed to deliver journal mail here`);
        }
      });
    },
    onClose(session) {
      connections.release(session);
    },
    onAuth(auth, session, callback) {
      const authenticated = async () =>
        authenticateJournalClient({
          sources: await currentSources(session),
          username: auth.username ?? "",
          password: auth.password ?? "",
          remoteAddress: session.remoteAddress,
          log,
        });
      authenticated().then(
        (source) => callback(null, { user: source.id }),
        (error: unknown) => callback(error instanceof SmtpReply ? error : temporaryFailure()),
      );
    },
    onMailFrom(_address, session, callback) {
      reply(callback, async () => void (await currentSources(session)));
    },
    onRcptTo(address, session, callback) {
      reply(callback, async () => {
        const sources = sourcesOf.get(session) ?? (await currentSources(session));
        if (sources.length === 0) throw noJournalSource();
        // A recipient that is no journal address is accepted for now: it is the original envelope of
        // a transaction a journal address (or the lone catch-all source) routes, decided at DATA; but
        // only from a client that may use some source, so no other client ever reaches DATA.
        const addressed = sourcesFor(sources, address.address);
        if (addressed.length === 0) assertSessionMayUseAny(sources, facts(session));
        for (const source of addressed) assertSessionMayUse(source, facts(session));
      });
    },
    onData(stream, session, callback) {
      const started = Date.now();
      receiveMessage(stream, { maxBytes: options.maxBytes, spoolBytes: options.spoolBytes ?? 1024 * 1024 })
        .then(async (received) => {
          if (received === null) throw tooBig(options.maxBytes);
          return withReceivedBytes(received, (raw) => archiveReceived(raw));
        })
        .then((ids) => callback(null, `2.0.0 Archived (${ids}) in ${Date.now() - started} ms`))
        .catch((error: unknown) => {
          if (!(error instanceof SmtpReply))
            log(`451 for a message from ${session.remoteAddress}: ${error instanceof Error ? error.message : String(error)}`);
          callback(error instanceof SmtpReply ? error : temporaryFailure());
        });

      async function archiveReceived(raw: Buffer): Promise<string> {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const sources = sourcesOf.get(session) ?? (await currentSources(session));
        const routed = routeTransaction(sources, recipients);
        const mayUse = (source: JournalSource) => assertSessionMayUse(source, facts(session));
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          recipients: envelopeRecipients(recipients, routed),
        };
        const trustedBy = (source: JournalSource) => (sessionTrusted(source, facts(session)) ? deliveryActor(source, session) : undefined);
        for (const source of routed) mayUse(source);
        const outcomes =
          routed.length > 0
            ? (await Promise.all(routed.map((source) => archive({ source, raw, envelope, trustedBy: trustedBy(source) })))).flat()
            : await archiveSplitPart({ sources, raw, envelope, mayUse, trustedBy });
        return outcomes
          .map((outcome) =>
            "emailId" in outcome ? `${outcome.status === "merged" ? "envelope added to " : ""}${outcome.emailId}` : outcome.status,
          )
          .join(", ");
      }
    },
  });
  greetPromptly(server);
  server.on("error", (error) => log(`SMTP error: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    host: options.host,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
