import { config } from "../config/env";
import { startJournalListener, type JournalListener } from "./journal-listener";
import { journalTlsCredentials } from "./journal-tls";

/** The listener on JOURNAL_SMTP_HOST:JOURNAL_SMTP_PORT, or null when JOURNAL_SMTP_PORT=0 turns it off. */
export async function startConfiguredJournalListener(log: (message: string) => void): Promise<JournalListener | null> {
  if (config.journalSmtpPort === 0) return null;
  const tls = await journalTlsCredentials();
  const listener = await startJournalListener({
    host: config.journalSmtpHost,
    port: config.journalSmtpPort,
    maxBytes: config.journalSmtpMaxBytes,
    splitWaitMs: config.journalSplitWaitSeconds * 1000,
    tls,
    log,
  });
  log(
    `SMTP journaling listener on ${listener.host}:${listener.port} (STARTTLS with ${tls.selfSigned ? "a self-signed certificate from the data directory" : "JOURNAL_SMTP_TLS_CERT"})`,
  );
  return listener;
}
