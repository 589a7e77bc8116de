import { ImapFlow } from "imapflow";
import type { ImapConnectionConfig } from "../ingestion-sources/load-imap-config";

/**
 * An (unconnected) client for an IMAP source. Socket errors also reject the command in flight; the
 * listener only keeps them from crashing the process.
 */
export function imapClientFor(config: ImapConnectionConfig): ImapFlow {
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: { user: config.username, pass: config.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 30_000,
  });
  client.on("error", () => undefined);
  return client;
}
