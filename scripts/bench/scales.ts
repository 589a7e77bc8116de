/** Work sizes per `--scale` (docs/benchmarks.md). */
export interface Scale {
  name: string;
  /** Messages of the synthetic corpus imported through the real CLI. */
  ingestMessages: number;
  /** Small plain-text messages (1-4 KB) of the ingest scenario's small-message variant. */
  smallMessages: number;
  /** Emails in the archive for search, bulk apply and lifecycle (ingested + SQL-loaded). */
  archiveEmails: number;
  holdMatches: number;
  lifecycleEligible: number;
  auditEntries: number;
  searchQueries: number;
  /** Search stops taking new queries after this long (slow queries must not make the run unbounded). */
  searchMaxSeconds: number;
  httpSeconds: number;
  /** 20 KB messages sent to the SMTP journaling listener over 10 connections. */
  journalMessages: number;
}

export const SCALES: Record<string, Scale> = {
  small: {
    name: "small",
    ingestMessages: 500,
    smallMessages: 2_000,
    archiveEmails: 20_000,
    holdMatches: 2_000,
    lifecycleEligible: 2_000,
    auditEntries: 20_000,
    searchQueries: 100,
    searchMaxSeconds: 60,
    httpSeconds: 3,
    journalMessages: 1_000,
  },
  "100k": {
    name: "100k",
    ingestMessages: 5_000,
    smallMessages: 10_000,
    archiveEmails: 100_000,
    holdMatches: 10_000,
    lifecycleEligible: 10_000,
    auditEntries: 100_000,
    searchQueries: 400,
    searchMaxSeconds: 120,
    httpSeconds: 10,
    journalMessages: 5_000,
  },
  "1m": {
    name: "1m",
    ingestMessages: 100_000,
    smallMessages: 20_000,
    archiveEmails: 1_000_000,
    holdMatches: 100_000,
    lifecycleEligible: 100_000,
    auditEntries: 1_000_000,
    searchQueries: 2_000,
    searchMaxSeconds: 300,
    httpSeconds: 30,
    journalMessages: 20_000,
  },
};
