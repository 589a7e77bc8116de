import { decryptSecret } from "../config/encryption";
import { db } from "../db/client";
import { notFound, validationError } from "../errors/app-error";

export interface ImapConnectionConfig {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
  mailboxes?: string[];
  userEmail?: string;
}

/** An IMAP source's connection settings with the password decrypted (for the sync job only). */
export async function loadImapConfig(options: { sourceId: string }): Promise<ImapConnectionConfig> {
  const source = await db().ingestionSource.findUnique({ where: { id: options.sourceId } });
  if (!source) throw notFound("Ingestion source");
  if (source.provider !== "imap") throw validationError([{ field: "provider", message: "the source is not an IMAP source" }]);
  const { passwordEncrypted, ...config } = source.config as Record<string, unknown> & { passwordEncrypted: string };
  return { ...(config as Omit<ImapConnectionConfig, "password">), password: decryptSecret(passwordEncrypted) };
}
