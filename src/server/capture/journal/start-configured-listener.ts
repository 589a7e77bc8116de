import { config } from "../../platform/config/env";
import { LOOPBACK_CLIENTS } from "./client-allow-list";
import { startJournalListener, type JournalListener } from "./journal-listener";
import { loopbackOnly } from "./journal-routing";
import { loadJournalSources } from "./journal-sources";
import { journalTlsCredentials } from "./journal-tls";

/** The listener on JOURNAL_SMTP_HOST:JOURNAL_SMTP_PORT, or null when JOURNAL_SMTP_PORT=0 turns it off. */
export async function startConfiguredJournalListener(log: (message: string) => void): Promise<JournalListener | null> {
  if (config.journalSmtpPort === 0) return null;
  const tls = await journalTlsCredentials();
  const limits = config.journalSmtpLimits;
  const listener = await startJournalListener({
    host: config.journalSmtpHost,
    port: config.journalSmtpPort,
    maxBytes: config.journalSmtpMaxBytes,
    splitWaitMs: config.journalSplitWaitSeconds * 1000,
    maxConnections: limits.maxConnections,
    maxConnectionsPerClient: limits.maxConnectionsPerClient,
    spoolBytes: limits.spoolBytes,
    tls,
    log,
  });
  log(
    `SMTP journaling listener on ${listener.host}:${listener.port} (STARTTLS with ${tls.selfSigned ? "a self-signed certificate from the data directory" : "JOURNAL_SMTP_TLS_CERT"}; ` +
      `at most ${limits.maxConnections} connections, ${limits.maxConnectionsPerClient} per client address; messages above ${limits.spoolBytes} bytes spooled to disk)`,
  );
  log(
    `Closed by default: a journal source without allowedClients or SMTP credentials takes mail from loopback clients only (${LOOPBACK_CLIENTS.join(", ")}), ` +
      "and journal reports are unwrapped and envelopes merged only for clients a source allow-lists or authenticates",
  );
  const sources = await loadJournalSources().catch((error: unknown) => {
    log(`could not read the journal sources: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  });
  for (const source of sources.filter(loopbackOnly)) {
    log(`Journal source "${source.name}" has neither allowedClients nor credentials: it takes mail from this host only`);
  }
  return listener;
}
