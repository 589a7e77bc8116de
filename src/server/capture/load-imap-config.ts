import { db } from "../platform/db/client";
import { notFound, validationError } from "../platform/errors/app-error";
import { openSourceSecret } from "./open-source-secret";
import { sourceConfigFingerprint } from "./source-config-fingerprint";

export interface ImapConnectionConfig {
  host: string;
  port: number;
  secure: boolean;
  /** Plain text allowed when the server offers no STARTTLS (only with `secure: false`). */
  allowInsecure?: boolean;
  username: string;
  password: string;
  mailboxes?: string[];
  userEmail?: string;
}

/**
 * An IMAP source's connection settings with the password decrypted (for the sync and restore jobs
 * only): it opens only for the destination it was entered for (secret-binding.ts).
 */
export async function loadImapConfig(options: { sourceId: string }): Promise<ImapConnectionConfig> {
  return (await loadImapDestination(options)).config;
}

/**
 * The connection settings and, read from the same row, the fingerprint of the stored config
 * (source-config-fingerprint.ts): a bulk restore keeps it when requested and compares it when it runs.
 */
export async function loadImapDestination(options: { sourceId: string }): Promise<{ config: ImapConnectionConfig; fingerprint: string }> {
  const source = await db().ingestionSource.findUnique({ where: { id: options.sourceId } });
  if (!source) throw notFound("Ingestion source");
  if (source.provider !== "imap") throw validationError([{ field: "provider", message: "the source is not an IMAP source" }]);
  const { passwordEncrypted: _sealed, ...config } = source.config as Record<string, unknown>;
  const password = openSourceSecret("imap", source.config as Record<string, unknown>, "password");
  return { config: { ...(config as Omit<ImapConnectionConfig, "password">), password }, fingerprint: sourceConfigFingerprint(source) };
}
