import { recordImportOutcome } from "../receipts/record-import-outcome";
import { systemActor, type AuditActor } from "../../audit/append-audit-entry";
import { db, transaction } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";
import { SourceSecretUnreadableError } from "../open-source-secret";
import { withSourceSyncLock } from "../imap/source-sync-lock";
import { describeExcluded, newRunId, receiptFolder, type ReceiptExcluded } from "../receipts/import-receipt";
import { startSyncProgress } from "../receipts/sync-progress";
import { CloudHttpError, ProviderRequestError, type ProviderLimits, type ThrottlePolicy } from "./cloud-http";
import { ArchiveBatchError, type FolderSummary } from "./cloud-sync-state";
import { logger } from "../../platform/logging/logger";

export interface MailboxSummary {
  mailbox: string;
  /** skipped: the provider has no mailbox for the user (guest, unlicensed, suspended, no Gmail); failed: an error stopped it. */
  status: "synced" | "skipped" | "failed";
  reason?: string;
  folders: FolderSummary[];
  /** Folders (or labels) left out by the source's settings, with their counts and why (completeness: every difference explained). */
  excluded: ReceiptExcluded[];
}

/** What a provider's connector does; the frame (lock, status, audit, per-mailbox isolation) is shared. */
export interface CloudConnector<M> {
  origin: "microsoft365-sync" | "google-workspace-sync";
  /** Signs in and lists the mailboxes to sync, with the users skipped and why; wrong credentials throw. */
  mailboxes(): Promise<{ mailboxes: M[]; skipped: { mailbox: string; reason: string }[] }>;
  mailboxName(mailbox: M): string;
  /** Archives one mailbox's new mail into `summary`; a throw fails that mailbox only, unless `fatal` says otherwise. */
  syncMailbox(mailbox: M, summary: MailboxSummary): Promise<void>;
  /** A password-free message for a failure, and whether it may pass by itself. */
  describe(error: unknown): { message: string; retryable: boolean; fatal: boolean };
  throttled(): number;
}

export type CloudSyncResult =
  | { status: "skipped" }
  | { status: "synced"; mailboxes: MailboxSummary[] }
  | { status: "error"; mailboxes: MailboxSummary[]; message: string; retryable: boolean };

/** A CloudHttpError's status as a sync message says it, without any secret (providers never echo one). */
export const providerSays = (error: CloudHttpError) => error.message.slice(0, 300);

/**
 * A connector's failure as its sync says it: before sign-in completed, fatal (`signIn` failed, or the
 * provider could not be reached: `unreachable`); after, the failure of one mailbox (`api` answered …).
 * Only network failures, timeouts, 5xx and throttling beyond every retry may pass by themselves. A
 * cancelled sync (its source deleted or changed) is fatal. The text is ours or the provider's JSON
 * error (bounded, sanitised: cloud-http.ts); any other failure is named only, its detail logged.
 */
export function describeCloudError(
  error: unknown,
  signedIn: boolean,
  words: { signIn: string; api: string; unreachable: string },
): { message: string; retryable: boolean; fatal: boolean } {
  if (error instanceof CloudHttpError) {
    const retryable = error.status >= 500 || error.status === 429;
    return signedIn
      ? { message: `${words.api} answered ${providerSays(error)}`, retryable, fatal: false }
      : { message: `${words.signIn} failed (${providerSays(error)})`, retryable, fatal: true };
  }
  if (error instanceof ProviderRequestError) {
    if (error.kind === "cancelled") return { message: error.message, retryable: false, fatal: true };
    if (signedIn) return { message: error.message, retryable: error.retryable, fatal: false };
    return error.kind === "network" || error.kind === "timeout"
      ? { message: `Could not reach ${words.unreachable}: ${error.message}`, retryable: true, fatal: true }
      : { message: `${words.signIn} failed (${error.message})`, retryable: error.retryable, fatal: true };
  }
  if (error instanceof ArchiveBatchError) return { message: error.message, retryable: true, fatal: false };
  return signedIn
    ? { message: "an internal error stopped it (the server log has the details)", retryable: true, fatal: false }
    : { message: `Could not reach ${words.unreachable} (the server log has the details)`, retryable: true, fatal: true };
}

/**
 * Logs a sync's failure with its source, mailbox (none for the whole sync) and cause: the message it
 * records, and for a failure not ours (a database error, a bug) its name and text. Never a secret: the
 * connectors' errors carry none, and no config is logged.
 */
export function logSyncFailure(fields: { sourceId: string; origin: string; mailbox: string | null; message: string; error: unknown }) {
  const { error, ...rest } = fields;
  const ours = error instanceof CloudHttpError || error instanceof ProviderRequestError;
  logger("cloud-sync").error("failed", {
    ...rest,
    ...(ours ? {} : { cause: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 1000) : String(error).slice(0, 1000) }),
    ...(error instanceof CloudHttpError ? { status: error.status, code: error.code } : {}),
    ...(error instanceof ProviderRequestError ? { kind: error.kind } : {}),
  });
}

/** What a caller asks of a cloud sync. */
export interface CloudSyncOptions {
  sourceId: string;
  throttle?: ThrottlePolicy;
  /** Timeouts and size caps of provider requests (cloud-http.ts DEFAULT_LIMITS unless set). */
  limits?: ProviderLimits;
  /** Who asked for the sync (its receipt and audit entry name them); else the connector's system actor. */
  actor?: AuditActor;
}

/** What every provider call of one sync carries, its cancellation included. */
export interface ConnectorCalls {
  throttle?: ThrottlePolicy;
  limits?: ProviderLimits;
  signal: AbortSignal;
}

/**
 * Loads a source's config, makes its connector with the sync's calls and runs the sync. A stored
 * config the sync may not use (a URL the address rule refuses now) ends it in `error` saying why, so
 * the source shows it (the job is not retried: only an administrator's change can mend it); a secret
 * that does not open is sync-job-outcome.ts's to settle.
 */
export async function runCloudSync<C, M>(
  options: CloudSyncOptions,
  origin: CloudConnector<M>["origin"],
  load: () => Promise<C>,
  connector: (config: C, calls: ConnectorCalls) => CloudConnector<M>,
): Promise<CloudSyncResult> {
  const { sourceId } = options;
  let config: C;
  try {
    config = await load();
  } catch (error) {
    // A secret that does not open fails its job for good (sync-job-outcome.ts); any other refusal ends here.
    if (error instanceof SourceSecretUnreadableError || !(error instanceof AppError && error.code === "VALIDATION" && error.fieldErrors))
      throw error;
    const message =
      `The source's settings cannot be used: ${error.fieldErrors.map((entry) => `${entry.field} ${entry.message}`).join("; ")}`.slice(
        0,
        600,
      );
    logSyncFailure({ sourceId, origin, mailbox: null, message, error });
    await transaction((tx) =>
      tx.ingestionSource.updateMany({ where: { id: sourceId }, data: { status: "error", statusMessage: message } }),
    );
    return { status: "error", mailboxes: [], message, retryable: false };
  }
  const cancel = new AbortController();
  const calls = { throttle: options.throttle, limits: options.limits, signal: cancel.signal };
  return syncCloudSource(sourceId, connector(config, calls), options.actor, cancel);
}

/** How often a running sync looks whether its source was deleted or re-configured (then it stops). */
const CANCEL_CHECK_MS = 2000;

/**
 * Aborts `cancel` within CANCEL_CHECK_MS once the source is deleted or its config changed (a sync
 * never goes on with the settings it started with against an administrator's change). Answers the stop.
 */
function watchSource(sourceId: string, cancel: AbortController): () => void {
  let initial: string | null = null;
  let stopped = false;
  const check = async () => {
    const row = await db().ingestionSource.findUnique({ where: { id: sourceId }, select: { config: true } });
    const config = row ? JSON.stringify(row.config) : null;
    initial ??= config;
    if (config === null || config !== initial) cancel.abort();
  };
  const timer = setInterval(() => {
    if (!stopped) void check().catch(() => undefined);
  }, CANCEL_CHECK_MS);
  void check().catch(() => undefined);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

/**
 * Runs a cloud source's sync under the source's sync lock (the one IMAP syncs take): status
 * `syncing`, then `idle` (a message names the skipped and failed mailboxes) or `error` (sign-in or
 * listing failed: nothing archived), and one IMPORT audit entry with the run's counts per mailbox and
 * folder and its signed receipt's hash, by `actor` (who asked for the sync; else the connector's
 * system actor). Progress rows per mailbox are written every second while it runs.
 */
export async function syncCloudSource<M>(
  sourceId: string,
  connector: CloudConnector<M>,
  actor?: AuditActor,
  /** Aborted (and the connector's requests with it) when the source is deleted or changed meanwhile. */
  cancel: AbortController = new AbortController(),
): Promise<CloudSyncResult> {
  const run = { runId: newRunId(), startedAt: new Date(), actor: actor ?? systemActor(`system:${connector.origin}`) };
  const locked = await withSourceSyncLock(sourceId, async () => {
    const summaries: MailboxSummary[] = [];
    const progress = startSyncProgress({
      sourceId,
      runId: run.runId,
      snapshot: () =>
        summaries.map((entry) => ({
          mailbox: entry.mailbox,
          folder: entry.folders.at(-1)?.folder ?? "",
          done: entry.folders.reduce((total, folder) => total + folder.imported + folder.duplicates + folder.failed.length, 0),
          seen: entry.folders.reduce((total, folder) => total + folder.seen, 0),
        })),
    });
    const stopWatching = watchSource(sourceId, cancel);
    try {
      return await runSync(sourceId, connector, summaries, run);
    } finally {
      stopWatching();
      await progress.stop();
    }
  });
  return locked.acquired ? locked.result : { status: "skipped" };
}

interface RunRecord {
  runId: string;
  startedAt: Date;
  actor: AuditActor;
}

async function runSync<M>(
  sourceId: string,
  connector: CloudConnector<M>,
  summaries: MailboxSummary[],
  run: RunRecord,
): Promise<CloudSyncResult> {
  await transaction((tx) => tx.ingestionSource.updateMany({ where: { id: sourceId }, data: { status: "syncing", statusMessage: null } }));
  try {
    const { mailboxes, skipped } = await connector.mailboxes();
    for (const entry of skipped)
      summaries.push({ mailbox: entry.mailbox, status: "skipped", reason: entry.reason, folders: [], excluded: [] });
    for (const mailbox of mailboxes) {
      const summary: MailboxSummary = { mailbox: connector.mailboxName(mailbox), status: "synced", folders: [], excluded: [] };
      summaries.push(summary);
      try {
        await connector.syncMailbox(mailbox, summary);
      } catch (error) {
        const described = connector.describe(error);
        if (described.fatal) throw error;
        logSyncFailure({ sourceId, origin: connector.origin, mailbox: summary.mailbox, message: described.message, error });
        summary.status = "failed";
        summary.reason = described.message;
      }
    }
    await recordOutcome(sourceId, connector, summaries, null, run);
    return { status: "synced", mailboxes: summaries };
  } catch (error) {
    const described = connector.describe(error);
    logSyncFailure({ sourceId, origin: connector.origin, mailbox: null, message: described.message, error });
    await recordOutcome(sourceId, connector, summaries, described.message, run);
    return { status: "error", mailboxes: summaries, message: described.message, retryable: described.retryable };
  }
}

/** The idle status message: the mailboxes skipped or failed, and messages that could not be archived. */
function statusNote(mailboxes: MailboxSummary[]): string | null {
  const notes: string[] = [];
  const named = (status: MailboxSummary["status"]) => mailboxes.filter((entry) => entry.status === status);
  const list = (entries: MailboxSummary[]) => entries.map((entry) => `${entry.mailbox} (${entry.reason})`).join("; ");
  if (named("failed").length > 0) notes.push(`${named("failed").length} mailbox(es) failed: ${list(named("failed"))}`);
  if (named("skipped").length > 0) notes.push(`${named("skipped").length} user(s) skipped: ${list(named("skipped"))}`);
  const failed = mailboxes.flatMap((entry) =>
    entry.folders.flatMap((folder) => folder.failed.map((item) => `${entry.mailbox} ${folder.folder}: ${item.reason}`)),
  );
  if (failed.length > 0)
    notes.push(`${failed.length} message(s) could not be archived: ${failed.slice(0, 3).join("; ")}${failed.length > 3 ? "; …" : ""}`);
  return notes.length === 0 ? null : notes.join(". ").slice(0, 1000);
}

/** The run's receipt: per mailbox and folder, what was seen and what became of it, and what was left out. */
function receiptOf(mailboxes: MailboxSummary[]) {
  return mailboxes.map((entry) => ({
    mailbox: entry.mailbox,
    status: entry.status,
    reason: entry.reason ?? null,
    excluded: entry.excluded,
    folders: entry.folders.map((summary) =>
      receiptFolder({
        folder: summary.folder,
        seen: summary.seen,
        stored: summary.imported,
        alreadyArchived: summary.duplicates,
        failed: summary.failed.map((item) => ({ item: item.id, reason: item.reason })),
        providerCount: summary.providerCount,
      }),
    ),
  }));
}

async function recordOutcome<M>(
  sourceId: string,
  connector: CloudConnector<M>,
  mailboxes: MailboxSummary[],
  errorMessage: string | null,
  run: RunRecord,
) {
  const folders = mailboxes.flatMap((entry) => entry.folders);
  const total = (count: (summary: FolderSummary) => number) => folders.reduce((sum, summary) => sum + count(summary), 0);
  await transaction(async (tx) => {
    // Deleted while it ran (the sync was cancelled): its deletion is the record, nothing to seal.
    if ((await tx.ingestionSource.count({ where: { id: sourceId } })) === 0) return;
    await recordImportOutcome(tx, {
      source:
        errorMessage === null ? { status: "idle", statusMessage: statusNote(mailboxes) } : { status: "error", statusMessage: errorMessage },
      receipt: {
        receiptId: run.runId,
        sourceId,
        origin: connector.origin,
        actor: run.actor,
        startedAt: run.startedAt,
        error: errorMessage,
        mailboxes: receiptOf(mailboxes),
      },
      details: {
        origin: connector.origin,
        imported: total((summary) => summary.imported),
        duplicates: total((summary) => summary.duplicates),
        failed: total((summary) => summary.failed.length),
        deletedAtSource: total((summary) => summary.deletedAtSource),
        throttled: connector.throttled(),
        mailboxes: mailboxes.map((entry) => ({
          mailbox: entry.mailbox,
          status: entry.status,
          ...(entry.reason ? { reason: entry.reason } : {}),
          excluded: entry.excluded.map(describeExcluded),
          folders: entry.folders.map((summary) => ({
            folder: summary.folder,
            providerCount: summary.providerCount,
            heldCount: summary.heldCount,
            restarted: summary.restarted,
            imported: summary.imported,
            duplicates: summary.duplicates,
            deletedAtSource: summary.deletedAtSource,
            failed: summary.failed,
          })),
        })),
        ...(errorMessage === null ? {} : { error: errorMessage }),
      },
    });
  });
}
