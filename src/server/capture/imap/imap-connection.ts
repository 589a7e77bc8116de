import { ImapFlow } from "imapflow";
import type { ImapConnectionConfig } from "../load-imap-config";
import { ImapConnectFailed, redact } from "./describe-imap-error";
import { logger } from "../../platform/logging/logger";

/**
 * An (unconnected) client for an IMAP source. Socket errors also reject the command in flight; the
 * listener only keeps them from crashing the process. With `secure: false` STARTTLS is required
 * before the password is sent, unless the source opted in to plain text (`allowInsecure`).
 */
export function imapClientFor(config: ImapConnectionConfig): ImapFlow {
  const client = new ImapFlow({
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.secure || config.allowInsecure ? {} : { doSTARTTLS: true }),
    auth: { user: config.username, pass: config.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 30_000,
  });
  client.on("error", () => undefined);
  return client;
}

/**
 * A connected, signed-in client. A failure before sign-in is an ImapConnectFailed, whose message
 * says no more than "could not connect" or "login rejected" (a sync status or an API answer must
 * not tell whether some host's port is open); the detail goes to the server log only.
 */
export async function connectImap(config: ImapConnectionConfig): Promise<ImapFlow> {
  const client = imapClientFor(config);
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.close();
    const fields = (typeof error === "object" && error !== null ? error : {}) as { code?: string; responseText?: string; message?: string };
    const detail = [fields.code, fields.responseText || fields.message || String(error)].filter(Boolean).join(" ");
    logger("imap").warn("connecting failed", {
      host: config.host,
      port: config.port,
      username: config.username,
      detail: redact(detail, config.password),
    });
    throw new ImapConnectFailed(config, error);
  }
}
