import os from "node:os";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { createJournalArchiver, type JournalArchiverOptions } from "./archive-journaled-message";
import { clientAllowed } from "./client-allow-list";
import {
  assertSessionMayUse,
  authenticate,
  envelopeRecipients,
  noJournalSource,
  routeTransaction,
  SmtpReply,
  sourcesFor,
  type SessionFacts,
} from "./journal-routing";
import { journalSourceCache, type JournalSource } from "./journal-sources";
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

const facts = (session: SMTPServerSession): SessionFacts => ({
  remoteAddress: session.remoteAddress,
  secure: session.secure,
  authenticatedSourceId: typeof session.user === "string" ? session.user : undefined,
});

/** Reads the DATA stream, keeping at most `maxBytes` (the rest is drained so the reply can follow). */
function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    stream.once("error", reject);
    stream.once("end", () => resolve(stream.sizeExceeded || size > maxBytes ? null : Buffer.concat(chunks, size)));
  });
}

/**
 * The SMTP journaling listener (docs/journaling.md): routes each transaction to its journal source
 * and answers 250 to DATA only once the message is archived (rows committed, bytes durable); any
 * internal failure is a 451, so the sending MTA keeps the message and retries.
 */
export async function startJournalListener(options: JournalListenerOptions): Promise<JournalListener> {
  const log = options.log ?? (() => undefined);
  const archive = createJournalArchiver(options.groupCommit);
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
    authOptional: true,
    authMethods: ["PLAIN", "LOGIN"],
    disableReverseLookup: true,
    logger: false,
    onConnect(session, callback) {
      reply(callback, async () => {
        const sources = await currentSources(session);
        if (sources.length > 0 && !sources.some((source) => clientAllowed(source.allowedClients, session.remoteAddress))) {
          throw new SmtpReply(554, `5.7.1 Client ${session.remoteAddress} is not allowed to deliver journal mail here`);
        }
      });
    },
    onAuth(auth, session, callback) {
      currentSources(session).then(
        (sources) => {
          try {
            callback(null, { user: authenticate(sources, auth.username ?? "", auth.password ?? "").id });
          } catch (error) {
            callback(error as Error);
          }
        },
        () => callback(temporaryFailure()),
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
        // a transaction a journal address (or the lone catch-all source) routes, decided at DATA.
        for (const source of sourcesFor(sources, address.address)) assertSessionMayUse(source, facts(session));
      });
    },
    onData(stream, session, callback) {
      const started = Date.now();
      readMessage(stream, options.maxBytes)
        .then(async (raw) => {
          if (raw === null) throw tooBig(options.maxBytes);
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          const sources = sourcesOf.get(session) ?? (await currentSources(session));
          const routed = routeTransaction(sources, recipients);
          const mayUse = (source: JournalSource) => assertSessionMayUse(source, facts(session));
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            recipients: envelopeRecipients(recipients, routed),
          };
          for (const source of routed) mayUse(source);
          const outcomes =
            routed.length > 0
              ? await Promise.all(routed.map((source) => archive({ source, raw, envelope })))
              : await archiveSplitPart({ sources, raw, envelope, mayUse });
          const ids = outcomes
            .map((outcome) =>
              "emailId" in outcome ? `${outcome.status === "merged" ? "envelope added to " : ""}${outcome.emailId}` : outcome.status,
            )
            .join(", ");
          callback(null, `2.0.0 Archived (${ids}) in ${Date.now() - started} ms`);
        })
        .catch((error: unknown) => {
          if (!(error instanceof SmtpReply))
            log(`451 for a message from ${session.remoteAddress}: ${error instanceof Error ? error.message : String(error)}`);
          callback(error instanceof SmtpReply ? error : temporaryFailure());
        });
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
