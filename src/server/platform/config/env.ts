import os from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * The last value parsed per variable: hot paths (a blob read per exported message) ask for their
 * configuration thousands of times a second, and a zod parse each time showed as 10% of an export.
 * Schemas are module constants, so the same variable read the same way hits this.
 */
const parsedValues = new Map<string, { raw: string; schema: z.ZodType; data: unknown }>();

/**
 * The one module that reads the environment (docs/configuration.md lists every variable, from here).
 * Each variable is read when asked for, through a zod schema, so tests and scripts that set
 * process.env before use see their values; an invalid value throws an error that names the
 * variable. An empty value counts as unset (except LICENSE_FEATURES, where "" means no feature).
 * ESLint refuses process.env anywhere else in src/.
 */
function read<T>(name: string, schema: z.ZodType<T>, options: { emptyIsUnset?: boolean } = {}): T | undefined {
  const raw = process.env[name];
  if (raw === undefined || (raw === "" && options.emptyIsUnset !== false)) return undefined;
  const known = parsedValues.get(name);
  if (known && known.raw === raw && known.schema === schema) return known.data as T;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`${name} ${parsed.error.issues[0]?.message ?? "is invalid"}, got "${raw}"`);
  parsedValues.set(name, { raw, schema, data: parsed.data });
  return parsed.data;
}

const nonNegativeInteger = z.string().regex(/^\d+$/, "must be a non-negative integer").transform(Number);
const trueOrFalse = z.enum(["true", "false"], "must be true or false").transform((value) => value === "true");
const trimmed = z.string().transform((value) => value.trim());
const anyText = z.string();
const objectLockMode = z.enum(["COMPLIANCE", "GOVERNANCE"], "must be COMPLIANCE or GOVERNANCE");
const zeroOrOne = z.enum(["0", "1"], "must be 0 or 1");
const storageBackend = z.enum(["local", "s3"], 'must be "local" or "s3"');

const intFromEnv = (name: string, fallback: number): number => read(name, nonNegativeInteger) ?? fallback;
const flagFromEnv = (name: string, fallback = false): boolean => read(name, trueOrFalse) ?? fallback;
/** The value as set (secrets and PEM text are not trimmed), or undefined. */
const textFromEnv = (name: string): string | undefined => read(name, anyText);
/** The trimmed value, or undefined when it is blank. */
const trimmedFromEnv = (name: string): string | undefined => read(name, trimmed) || undefined;

/** Runtime configuration from the environment; every variable is listed in docs/configuration.md. */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ textFromEnv("DATA_DIR") ?? "./data");
}

/**
 * Makes every later use in this process (and the processes and threads it starts) reach the
 * database at `url`: the start script's embedded PostgreSQL when DATABASE_URL was not set.
 */
export function useDatabaseUrl(url: string): void {
  process.env.DATABASE_URL = url;
}

export const config = {
  get port() {
    return intFromEnv("PORT", 3000);
  },
  /** "json": one JSON object per log line; else text (platform/logging/logger.ts, docs/operations.md "Logs"). */
  get logFormat(): "text" | "json" {
    return process.env.LOG_FORMAT?.trim().toLowerCase() === "json" ? "json" : "text";
  },
  /** HTTP worker processes of `npm start`: a number, or `auto` for one per CPU core (docs/configuration.md). */
  get webConcurrency() {
    if (textFromEnv("WEB_CONCURRENCY") === "auto") return os.availableParallelism();
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
    return textFromEnv("JOURNAL_SMTP_HOST") ?? "127.0.0.1";
  },
  get journalSmtpPort() {
    return intFromEnv("JOURNAL_SMTP_PORT", 2525);
  },
  get journalSmtpMaxBytes() {
    return intFromEnv("JOURNAL_SMTP_MAX_BYTES", 50 * 1024 * 1024);
  },
  /** The listener's bounds (docs/journaling.md, "Bounds"): connections in all and per client address, the spool threshold, AUTH failures. */
  get journalSmtpLimits() {
    return {
      maxConnections: Math.max(1, intFromEnv("JOURNAL_SMTP_MAX_CONNECTIONS", 100)),
      maxConnectionsPerClient: Math.max(1, intFromEnv("JOURNAL_SMTP_MAX_CONNECTIONS_PER_CLIENT", 40)),
      spoolBytes: Math.max(0, intFromEnv("JOURNAL_SMTP_SPOOL_BYTES", 1024 * 1024)),
      authMaxFailures: Math.max(1, intFromEnv("JOURNAL_SMTP_AUTH_MAX_FAILURES", 5)),
    };
  },
  /** Blobs cannot be overwritten or deleted before their retain-until date (docs/retention.md "Immutable storage"). */
  get storageImmutable() {
    return flagFromEnv("STORAGE_IMMUTABLE");
  },
  /**
   * Storage encryption and compression of new blobs (docs/operations.md, "Storage encryption"): both
   * on unless STORAGE_ENCRYPTION / STORAGE_COMPRESSION say false. Sealed blobs stay readable either way.
   */
  get storageSealing() {
    return { encrypt: flagFromEnv("STORAGE_ENCRYPTION", true), compress: flagFromEnv("STORAGE_COMPRESSION", true) };
  },
  /** The installation's storage key: STORAGE_KEY (any string, hashed), else the file STORAGE_KEY_FILE names, else DATA_DIR/storage.key. */
  get storageKey() {
    return { value: textFromEnv("STORAGE_KEY"), file: trimmedFromEnv("STORAGE_KEY_FILE") };
  },
  /** The S3 Object Lock mode of retained blobs: COMPLIANCE (nobody can shorten it) or GOVERNANCE. */
  get objectLockMode(): "COMPLIANCE" | "GOVERNANCE" {
    return read("S3_OBJECT_LOCK_MODE", objectLockMode) ?? "COMPLIANCE";
  },
  /** How long a transaction without a journal address is answered 451 while its journaled part may still come (docs/journaling.md, "Split delivery"). */
  get journalSplitWaitSeconds() {
    return intFromEnv("JOURNAL_SMTP_SPLIT_WAIT_SECONDS", 600);
  },
  get demoMode() {
    return flagFromEnv("DEMO_MODE");
  },
  get maxJsonBodyBytes() {
    return intFromEnv("MAX_JSON_BODY_BYTES", 1024 * 1024);
  },
  get rateLimitWindowSeconds() {
    return Math.max(1, intFromEnv("RATE_LIMIT_WINDOW_SECONDS", 60));
  },
  /** An eDiscovery export whose worker has not reported progress for this long is resumed by another (docs/ediscovery.md). */
  get exportLeaseSeconds() {
    return Math.max(1, intFromEnv("EXPORT_LEASE_SECONDS", 60));
  },
  /** Threads that read, verify and write an export's messages from local storage (docs/ediscovery.md, "Speed"); 0: the worker's own. */
  get exportWriterThreads() {
    return intFromEnv("EXPORT_WRITER_THREADS", Math.min(4, os.availableParallelism()));
  },
  /**
   * Messages an export from S3 reads ahead: being fetched, or fetched and not yet written (docs/ediscovery.md,
   * "Exports on S3"). Each read is a round trip, so the window sets the pace; it also bounds the memory.
   */
  get exportS3ReadsInFlight() {
    return Math.max(1, intFromEnv("EXPORT_S3_READS_IN_FLIGHT", 64));
  },
  /** The Chromium a PDF production renders its pages with (docs/ediscovery.md, "PDF productions"). */
  get exportChromiumPath() {
    return process.env.EXPORT_CHROMIUM_PATH?.trim() || "/usr/bin/chromium";
  },
  /** Messages an export writes between two progress records (its resume points). */
  get exportBatchSize() {
    return Math.max(1, intFromEnv("EXPORT_BATCH_SIZE", 1000));
  },
  /** Requests per principal and window; 0 turns a limit off. */
  get rateLimits() {
    return {
      search: intFromEnv("RATE_LIMIT_SEARCH", 600),
      bulkApply: intFromEnv("RATE_LIMIT_BULK_APPLY", 60),
      auditVerify: intFromEnv("RATE_LIMIT_AUDIT_VERIFY", 60),
      import: intFromEnv("RATE_LIMIT_IMPORT", 600),
      export: intFromEnv("RATE_LIMIT_EXPORT", 60),
    };
  },
  /** An external PostgreSQL (postgresql://...); unset = the embedded one under DATA_DIR, which the start script sets here. */
  get databaseUrl() {
    return textFromEnv("DATABASE_URL");
  },
  /**
   * Streaming replicas for the read-only requests (searches, email lists and details, counts):
   * comma-separated postgresql:// URLs; each process uses one of them (docs/database.md, "Read
   * replicas"). Unset or empty: every read goes to DATABASE_URL, as before.
   */
  get databaseReadUrls(): string[] {
    const urls = (textFromEnv("DATABASE_READ_URL") ?? "")
      .split(",")
      .map((url) => url.trim())
      .filter((url) => url !== "");
    // Not through read(): its error quotes the value, and these URLs may hold passwords.
    const invalid = urls.findIndex((url) => !/^postgres(ql)?:\/\/[^\s]+$/.test(url));
    if (invalid >= 0) throw new Error(`DATABASE_READ_URL must be comma-separated postgresql:// URLs; entry ${invalid + 1} is not`);
    return urls;
  },
  /** How long a read waits for the replica to replay the caller's own last write before it goes to the primary. */
  get databaseReadWaitMs() {
    return intFromEnv("DATABASE_READ_WAIT_MS", 250);
  },
  /** A replica further behind than this (ms of WAL not yet replayed) is passed over for the primary. */
  get databaseReadMaxLagMs() {
    return intFromEnv("DATABASE_READ_MAX_LAG_MS", 5000);
  },
  get databasePoolSize() {
    return Math.max(1, intFromEnv("DATABASE_POOL_SIZE", 20));
  },
  /**
   * Whether the hot statements are prepared once per connection (docs/database.md, "Prepared
   * statements"); false for a connection pooler that cannot carry them (PgBouncer before 1.21 in
   * transaction mode).
   */
  get databasePreparedStatements() {
    return flagFromEnv("DATABASE_PREPARED_STATEMENTS", true);
  },
  /** PRISMA_MIGRATE_DEBUG=1 logs the schema engine's messages (docs/database.md). */
  get prismaMigrateDebug() {
    return read("PRISMA_MIGRATE_DEBUG", zeroOrOne) === "1";
  },
  /** NODE_ENV as the operator set it (Next.js inlines its own reads; this one is the start guard's). */
  get nodeEnv() {
    return textFromEnv("NODE_ENV");
  },
  /** ALLOW_GENERATED_SECRETS=true accepts generated secrets under NODE_ENV=production (docs/configuration.md). */
  get allowGeneratedSecrets() {
    return flagFromEnv("ALLOW_GENERATED_SECRETS");
  },
  /** AUTH_SECRET (signs sessions and tokens) and ENCRYPTION_KEY (stored credentials); unset = generated into DATA_DIR. */
  get secrets(): Record<"AUTH_SECRET" | "ENCRYPTION_KEY", string | undefined> {
    return { AUTH_SECRET: textFromEnv("AUTH_SECRET"), ENCRYPTION_KEY: textFromEnv("ENCRYPTION_KEY") };
  },
  /** EXPORT_SIGNING_KEY: the Ed25519 PKCS#8 PEM that signs evidence ("\n" may stand for newlines); unset = generated into DATA_DIR. */
  get exportSigningKey() {
    return textFromEnv("EXPORT_SIGNING_KEY");
  },
  get exportDir() {
    return textFromEnv("EXPORT_DIR");
  },
  /** The first Super Admin created at start when there is no user (docs/configuration.md). */
  get bootstrapAdmin() {
    return {
      email: textFromEnv("ADMIN_EMAIL"),
      password: textFromEnv("ADMIN_PASSWORD"),
      firstName: textFromEnv("ADMIN_FIRST_NAME") ?? "Admin",
      lastName: textFromEnv("ADMIN_LAST_NAME") ?? "User",
    };
  },
  /** true = the client address is X-Forwarded-For's first (only behind a proxy you control). */
  get trustProxy() {
    return flagFromEnv("TRUST_PROXY");
  },
  /** LICENSE_FEATURES, comma-separated; undefined = every feature, "" = none. */
  get licenseFeatures() {
    return read("LICENSE_FEATURES", anyText, { emptyIsUnset: false });
  },
  /**
   * CLOUD_PRIVATE_HOSTS, comma-separated host names or addresses (any port) a provider URL may name
   * although they are, or resolve to, loopback, private, link-local or metadata addresses (local
   * proxies, the test emulators). Lower-cased; IPv6 addresses without brackets.
   */
  get cloudPrivateHosts(): string[] {
    return (textFromEnv("CLOUD_PRIVATE_HOSTS") ?? "")
      .split(",")
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[(.*)\]$/, "$1"),
      )
      .filter(Boolean);
  },
  get maxMessageBytes() {
    return intFromEnv("MAX_MESSAGE_BYTES", 150 * 1024 * 1024);
  },
  get attachmentTextTimeoutMs() {
    return Math.max(1, intFromEnv("ATTACHMENT_TEXT_TIMEOUT_MS", 10_000));
  },
  get journalTls() {
    return { certPath: textFromEnv("JOURNAL_SMTP_TLS_CERT"), keyPath: textFromEnv("JOURNAL_SMTP_TLS_KEY") };
  },
  /** Where stored mail goes (docs/configuration.md, "Storage"). */
  get storage() {
    return {
      backend: read("STORAGE_BACKEND", storageBackend) ?? "local",
      dir: textFromEnv("STORAGE_DIR") ?? path.join(dataDir(), "storage"),
      s3: {
        bucket: textFromEnv("S3_BUCKET"),
        prefix: textFromEnv("S3_PREFIX") ?? "",
        region: textFromEnv("S3_REGION") ?? "us-east-1",
        endpoint: textFromEnv("S3_ENDPOINT"),
        forcePathStyle: flagFromEnv("S3_FORCE_PATH_STYLE"),
        accessKeyId: textFromEnv("S3_ACCESS_KEY_ID"),
        secretAccessKey: textFromEnv("S3_SECRET_ACCESS_KEY"),
      },
    };
  },
  /** Meilisearch as the search engine when MEILI_HOST is set (docs/search.md). */
  get meilisearch() {
    const host = textFromEnv("MEILI_HOST");
    return host === undefined ? null : { host, apiKey: textFromEnv("MEILI_API_KEY"), index: textFromEnv("MEILI_INDEX") };
  },
  /** OpenID Connect sign-in; null unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set. */
  get oidc() {
    const issuer = trimmedFromEnv("OIDC_ISSUER");
    const clientId = trimmedFromEnv("OIDC_CLIENT_ID");
    const clientSecret = trimmedFromEnv("OIDC_CLIENT_SECRET");
    if (!issuer || !clientId || !clientSecret) return null;
    return {
      issuer,
      clientId,
      clientSecret,
      scopes: trimmedFromEnv("OIDC_SCOPES") ?? "openid email profile",
      roleClaim: trimmedFromEnv("OIDC_ROLE_CLAIM") ?? "groups",
      displayName: trimmedFromEnv("OIDC_DISPLAY_NAME") ?? "single sign-on",
      requireVerifiedEmail: flagFromEnv("OIDC_REQUIRE_VERIFIED_EMAIL", true),
    };
  },
  /** Directory (LDAP) sign-in; null unless LDAP_URL and LDAP_USER_BASE are set. */
  get ldap() {
    const url = trimmedFromEnv("LDAP_URL");
    const userBase = trimmedFromEnv("LDAP_USER_BASE");
    if (!url || !userBase) return null;
    return {
      url,
      bindDn: trimmedFromEnv("LDAP_BIND_DN"),
      bindPassword: textFromEnv("LDAP_BIND_PASSWORD"),
      userBase,
      userFilter: trimmedFromEnv("LDAP_USER_FILTER") ?? "(mail={{email}})",
      groupAttribute: trimmedFromEnv("LDAP_GROUP_ATTRIBUTE") ?? "memberOf",
      startTls: flagFromEnv("LDAP_STARTTLS"),
      caFile: trimmedFromEnv("LDAP_CA_FILE"),
      timeoutMs: intFromEnv("LDAP_TIMEOUT_MS", 5000) || 5000,
    };
  },
  get ssoOnly() {
    return flagFromEnv("SSO_ONLY");
  },
  get ssoBreakGlassEmail() {
    return trimmedFromEnv("SSO_BREAK_GLASS_EMAIL");
  },
};
