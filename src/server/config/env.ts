import os from "node:os";
import path from "node:path";

/** Runtime configuration from the environment; every variable is listed in docs/configuration.md. */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? "./data");
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export const config = {
  get port() {
    return intFromEnv("PORT", 3000);
  },
  /** HTTP worker processes of `npm start`: a number, or `auto` for one per CPU core (docs/configuration.md). */
  get webConcurrency() {
    const raw = process.env.WEB_CONCURRENCY;
    if (raw === "auto") return os.availableParallelism();
    return Math.max(1, intFromEnv("WEB_CONCURRENCY", 1));
  },
  get embeddedPgPort() {
    return intFromEnv("EMBEDDED_PG_PORT", 54329);
  },
  /**
   * shared_buffers of the embedded PostgreSQL in MB: a quarter of the machine's memory, between
   * 128 MB (PostgreSQL's own default) and 2 GB, unless EMBEDDED_PG_SHARED_BUFFERS_MB says otherwise.
   */
  get embeddedPgSharedBuffersMb() {
    const quarter = Math.floor(os.totalmem() / 4 / 1048576);
    return Math.max(16, intFromEnv("EMBEDDED_PG_SHARED_BUFFERS_MB", Math.min(2048, Math.max(128, quarter))));
  },
  /**
   * work_mem (MB) of the search engine's statements (docs/search.md, "Memory per search"): with
   * PostgreSQL's default 4 MB the bitmap of a frequent word's matches turns lossy at about a million
   * emails, and the planner then reads every row's tsvector instead. 0 leaves the server's setting.
   */
  get searchWorkMemMb() {
    return intFromEnv("SEARCH_WORK_MEM_MB", 64);
  },
  /** statement_timeout (ms) of each statement of an interactive search (docs/search.md, "Bounds"); 0 = none. */
  get searchStatementTimeoutMs() {
    return intFromEnv("SEARCH_STATEMENT_TIMEOUT_MS", 10_000);
  },
  /**
   * Time bound (ms) of the operations that must reach every match of a search, past the result
   * window (bulk apply: its match listing's statements and its whole transaction).
   */
  get bulkSearchTimeoutMs() {
    return Math.max(1, intFromEnv("BULK_SEARCH_TIMEOUT_MS", 300_000));
  },
  get authTokenTtlSeconds() {
    return intFromEnv("AUTH_TOKEN_TTL", 7 * 24 * 3600);
  },
  get loginMaxAccountFailures() {
    return intFromEnv("LOGIN_MAX_ACCOUNT_FAILURES", 10);
  },
  get loginMaxIpFailures() {
    return intFromEnv("LOGIN_MAX_IP_FAILURES", 100);
  },
  get loginLockMinutes() {
    return intFromEnv("LOGIN_LOCK_MINUTES", 15);
  },
  /** The SMTP journaling listener (docs/journaling.md); port 0 turns it off. */
  get journalSmtpHost() {
    return process.env.JOURNAL_SMTP_HOST || "127.0.0.1";
  },
  get journalSmtpPort() {
    return intFromEnv("JOURNAL_SMTP_PORT", 2525);
  },
  get journalSmtpMaxBytes() {
    return intFromEnv("JOURNAL_SMTP_MAX_BYTES", 50 * 1024 * 1024);
  },
  /** Blobs cannot be overwritten or deleted before their retain-until date (docs/retention.md "Immutable storage"). */
  get storageImmutable() {
    return process.env.STORAGE_IMMUTABLE === "true";
  },
  /** The S3 Object Lock mode of retained blobs: COMPLIANCE (nobody can shorten it) or GOVERNANCE. */
  get objectLockMode(): "COMPLIANCE" | "GOVERNANCE" {
    const raw = process.env.S3_OBJECT_LOCK_MODE || "COMPLIANCE";
    if (raw !== "COMPLIANCE" && raw !== "GOVERNANCE") throw new Error(`S3_OBJECT_LOCK_MODE must be COMPLIANCE or GOVERNANCE, got "${raw}"`);
    return raw;
  },
  /** How long a transaction without a journal address is answered 451 while its journaled part may still come (docs/journaling.md, "Split delivery"). */
  get journalSplitWaitSeconds() {
    return intFromEnv("JOURNAL_SMTP_SPLIT_WAIT_SECONDS", 600);
  },
  get demoMode() {
    return process.env.DEMO_MODE === "true";
  },
  get maxJsonBodyBytes() {
    return intFromEnv("MAX_JSON_BODY_BYTES", 1024 * 1024);
  },
  get rateLimitWindowSeconds() {
    return Math.max(1, intFromEnv("RATE_LIMIT_WINDOW_SECONDS", 60));
  },
  /** Requests per principal and window; 0 turns a limit off. */
  /** An eDiscovery export whose worker has not reported progress for this long is resumed by another (docs/ediscovery.md). */
  get exportLeaseSeconds() {
    return Math.max(1, intFromEnv("EXPORT_LEASE_SECONDS", 60));
  },
  /** Messages an export writes between two progress records (its resume points). */
  get exportBatchSize() {
    return Math.max(1, intFromEnv("EXPORT_BATCH_SIZE", 1000));
  },
  get rateLimits() {
    return {
      search: intFromEnv("RATE_LIMIT_SEARCH", 600),
      bulkApply: intFromEnv("RATE_LIMIT_BULK_APPLY", 60),
      auditVerify: intFromEnv("RATE_LIMIT_AUDIT_VERIFY", 60),
      import: intFromEnv("RATE_LIMIT_IMPORT", 600),
      export: intFromEnv("RATE_LIMIT_EXPORT", 60),
    };
  },
};
