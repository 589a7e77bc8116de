import { decryptSecret } from "../config/encryption";
import { db } from "../db/client";

/** A journal source as the listener needs it (the password decrypted, in memory only). */
export interface JournalSource {
  id: string;
  name: string;
  recipientAddress?: string;
  internalDomains: string[];
  allowedClients?: string[];
  requireTls: boolean;
  username?: string;
  password?: string;
}

/** Every smtp-journal source, read afresh for each SMTP transaction (so configuration changes apply at once). */
export async function loadJournalSources(): Promise<JournalSource[]> {
  const sources = await db().ingestionSource.findMany({
    where: { provider: "smtp-journal" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return sources.map((source) => {
    const { passwordEncrypted, ...config } = source.config as Omit<JournalSource, "id" | "name" | "password"> & {
      passwordEncrypted?: string;
    };
    return {
      ...config,
      id: source.id,
      name: source.name,
      requireTls: config.requireTls === true,
      password: passwordEncrypted === undefined ? undefined : decryptSecret(passwordEncrypted),
    };
  });
}
