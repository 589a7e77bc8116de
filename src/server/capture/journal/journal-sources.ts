import { decryptSecret } from "../../platform/config/encryption";
import { db } from "../../platform/db/client";

/** A journal source as the listener needs it (the password decrypted, in memory only). */
export interface JournalSource {
  id: string;
  name: string;
  recipientAddress?: string;
  internalDomains: string[];
  allowedClients?: string[];
  requireTls: boolean;
  /** Unwrap Exchange / Microsoft 365 journal reports from trusted clients (docs/journaling.md). */
  exchangeReports: boolean;
  username?: string;
  password?: string;
}

/** Every smtp-journal source (the listener reads them through journalSourceCache). */
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
      exchangeReports: config.exchangeReports === true,
      password: passwordEncrypted === undefined ? undefined : decryptSecret(passwordEncrypted),
    };
  });
}

/**
 * `loadJournalSources` shared by the transactions of a busy listener: one read serves every
 * transaction that starts within `maxAgeMs` of it (so a configuration change applies to transactions
 * starting up to `maxAgeMs` later), and concurrent transactions wait for the same read.
 */
export function journalSourceCache(maxAgeMs: number): () => Promise<JournalSource[]> {
  let cached: { at: number; sources: Promise<JournalSource[]> } | undefined;
  return () => {
    const now = Date.now();
    if (cached && now - cached.at <= maxAgeMs) return cached.sources;
    const read = { at: now, sources: loadJournalSources() };
    cached = read;
    read.sources.catch(() => {
      if (cached === read) cached = undefined;
    });
    return read.sources;
  };
}
