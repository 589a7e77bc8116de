import { CloudHttpError, fetchEach, PageWalk, pagesFor, ProviderRequestError, type ThrottleCounter } from "./cloud-http";
import {
  archiveItems,
  countItems,
  dropCursor,
  itemHash,
  itemHashes,
  knownItems,
  loadCursor,
  newFolderSummary,
  recordFolders,
  recordRefusedItems,
  saveCursor,
  type FetchedItem,
  type FolderSummary,
} from "./cloud-sync-state";
import { GoogleApi, type GmailHistoryPage, type GmailLabel, type ServiceAccountKey } from "./gmail-api";
import { loadCloudConfig } from "./load-cloud-config";
import {
  describeCloudError,
  runCloudSync,
  type CloudSyncOptions,
  type ConnectorCalls,
  type CloudConnector,
  type CloudSyncResult,
} from "./sync-cloud-source";
import type { GoogleWorkspaceConfig } from "../ingestion-sources.schemas";

const BATCH = 25;
const HISTORY_SCOPE = "history";
/** Gmail ids are per mailbox, not per label: one scope for the whole mailbox. */
const ITEM_SCOPE = "";
const EXCLUDED_LABELS = ["SPAM", "TRASH"];
/** The system labels that name where a message is, in the order one becomes its path. */
const PATH_SYSTEM_LABELS = ["INBOX", "SENT", "DRAFT", "CHAT", "SPAM", "TRASH"];
/** A message with no label at all (archived out of the inbox) is kept under this path. */
export const NO_LABEL_PATH = "All Mail";

/**
 * The labels that are folders, by name: every user label, and the system labels that say where a
 * message is (PATH_SYSTEM_LABELS). UNREAD, STARRED, IMPORTANT and CATEGORY_* are states or tabs of
 * a message, not places: they stay tags only.
 */
export function folderLabels(labelIds: string[], labels: Map<string, GmailLabel>): string[] {
  return labelIds.flatMap((id) => {
    const label = labels.get(id);
    if (label?.type === "user") return [label.name];
    return PATH_SYSTEM_LABELS.includes(id) ? [id] : [];
  });
}

/**
 * A message's path (its first user label, else where the system labels put it), its tags (every
 * label's name) and its folders (each label that is one, else the path: docs/connectors.md).
 */
export function labelPath(labelIds: string[], labels: Map<string, GmailLabel>): { path: string; tags: string[]; folders: string[] } {
  const named = labelIds.map((id) => labels.get(id) ?? { id, name: id, type: "system" as const });
  const user = named.filter((label) => label.type === "user").sort((a, b) => a.name.localeCompare(b.name));
  const system = PATH_SYSTEM_LABELS.find((id) => labelIds.includes(id));
  const path = user[0]?.name ?? system ?? NO_LABEL_PATH;
  const folders = folderLabels(labelIds, labels);
  return { path, tags: named.map((label) => label.name), folders: folders.length > 0 ? folders : [path] };
}

/**
 * Archives a Google Workspace domain's Gmail through the Gmail API with domain-wide delegation:
 * every active user (or the listed ones), every message (`format=raw`) but SPAM and TRASH, first
 * in full, then through the history API from the last history id.
 */
export async function syncGoogleWorkspaceSource(options: CloudSyncOptions): Promise<CloudSyncResult> {
  return runCloudSync(
    options,
    "google-workspace-sync",
    () => loadCloudConfig({ sourceId: options.sourceId, provider: "google-workspace" }),
    (config, calls) => googleConnector(options.sourceId, config, calls),
  );
}

function googleConnector(sourceId: string, config: GoogleWorkspaceConfig, calls: ConnectorCalls): CloudConnector<string> {
  const counter: ThrottleCounter = { throttled: 0 };
  const key = JSON.parse(config.serviceAccountKey) as ServiceAccountKey;
  const google = new GoogleApi({ key, gmailUrl: config.gmailUrl, directoryUrl: config.directoryUrl, ...calls, counter });
  let signedIn = false;
  return {
    origin: "google-workspace-sync",
    throttled: () => counter.throttled,
    mailboxName: (mailbox) => mailbox,
    async mailboxes() {
      const users = config.mailboxes
        ? await Promise.all(
            config.mailboxes.map(
              async (address) => (await google.getUser(config.adminEmail, address)) ?? { primaryEmail: address, missing: true },
            ),
          )
        : await google.listUsers(config.adminEmail, config.customer);
      signedIn = true;
      const skipped: { mailbox: string; reason: string }[] = [];
      const mailboxes: string[] = [];
      for (const user of users) {
        const address = user.primaryEmail.toLowerCase();
        if ("missing" in user) skipped.push({ mailbox: address, reason: "no such user in the domain" });
        else if (user.suspended) skipped.push({ mailbox: address, reason: "suspended user" });
        else if (user.archived) skipped.push({ mailbox: address, reason: "archived user" });
        else mailboxes.push(address);
      }
      return { mailboxes, skipped };
    },
    async syncMailbox(mailbox, summary) {
      let profile: { messagesTotal: number; historyId: string };
      try {
        profile = await google.profile(mailbox);
      } catch (error) {
        if (!(
          error instanceof CloudHttpError &&
          error.status === 400 &&
          /failedPrecondition|Mail service not enabled/i.test(`${error.code} ${error.providerMessage}`)
        ))
          throw error;
        summary.status = "skipped";
        summary.reason = "the user has no Gmail (Mail service not enabled)";
        return;
      }
      if (!config.includeSpamTrash) {
        for (const label of EXCLUDED_LABELS)
          summary.excluded.push({
            folder: label,
            count: (await google.label(mailbox, label)).messagesTotal ?? null,
            reason: "excluded label",
          });
      }
      const folder = newFolderSummary("(all mail)", profile.messagesTotal);
      summary.folders.push(folder);
      await syncMailbox({
        google,
        sourceId,
        config,
        mailbox,
        historyId: profile.historyId,
        messagesTotal: profile.messagesTotal,
        summary: folder,
      });
    },
    describe: (error) =>
      describeCloudError(error, signedIn, {
        signIn: `Google Workspace sign-in as ${config.adminEmail} with service account ${key.client_email}`,
        api: "The Gmail API",
        unreachable: `Google at ${key.token_uri}`,
      }),
  };
}

/**
 * One mailbox: the message ids added since the stored history id (or, the first time or when it
 * expired (404), the full listing), less those archived already, fetched and archived in batches.
 * The history id read before listing is stored last, so nothing added meanwhile is missed.
 */
async function syncMailbox(options: {
  google: GoogleApi;
  sourceId: string;
  config: GoogleWorkspaceConfig;
  mailbox: string;
  historyId: string;
  /** The mailbox's message count: a listing with more pages than it can fill does not end. */
  messagesTotal: number;
  summary: FolderSummary;
}): Promise<void> {
  const { google, sourceId, config, mailbox, summary } = options;
  const itemKey = { sourceId, mailbox, scope: ITEM_SCOPE };
  const cursorKey = { sourceId, mailbox, scope: HISTORY_SCOPE };
  const known = await knownItems(itemKey);
  const labels = new Map((await google.labels(mailbox)).map((label) => [label.id, label]));
  const excluded = (labelIds: string[] | undefined) =>
    !config.includeSpamTrash && (labelIds ?? []).some((id) => EXCLUDED_LABELS.includes(id));

  const archive = async (ids: string[]) => {
    const fresh = [...new Set(ids)].filter((id) => !known.has(id));
    summary.seen += fresh.length;
    for (let start = 0; start < fresh.length; start += BATCH) {
      const refused: { id: string; reason: string }[] = [];
      const items = await fetchEach(fresh.slice(start, start + BATCH), async (id): Promise<FetchedItem | null> => {
        let message: { raw: Buffer; labelIds: string[] };
        try {
          message = await google.rawMessage(mailbox, id);
        } catch (error) {
          if (error instanceof CloudHttpError && error.status === 404) return null;
          // Larger than MAX_MESSAGE_BYTES: fails alone, with its reason in the receipt.
          if (error instanceof ProviderRequestError && error.kind === "too-large") {
            refused.push({ id, reason: error.message });
            return null;
          }
          throw error;
        }
        // Moved to spam or trash since it was listed.
        if (excluded(message.labelIds)) return null;
        return { id, raw: message.raw, ...labelPath(message.labelIds, labels) };
      });
      await archiveItems({ ...itemKey, items, summary });
      await recordRefusedItems({ ...itemKey, path: NO_LABEL_PATH, refused, summary });
      for (const item of [...items, ...refused]) known.add(item.id);
    }
  };

  // A label added to a message: a new folder of one archived already (one INSERT per page), or a
  // message that was not archived because it was in spam or trash and has now left it.
  const labelsAdded = async (history: NonNullable<GmailHistoryPage["history"]>) => {
    const changes = history
      .flatMap((entry) => entry.labelsAdded ?? [])
      .filter((change) => !excluded(change.message.labelIds) && !excluded(change.labelIds));
    await archive(changes.map((change) => change.message.id));
    const folders = new Map<string, string[]>();
    for (const change of changes) {
      const added = folderLabels(change.labelIds, labels);
      if (added.length > 0) folders.set(change.message.id, [...(folders.get(change.message.id) ?? []), ...added]);
    }
    const hashes = await itemHashes({ ...itemKey, ids: [...folders.keys()] });
    const seen: { rawHash: string; folders: string[] }[] = [];
    for (const [id, added] of folders) {
      // Recorded before the hash was kept: fetched once more to learn it.
      const rawHash = hashes.get(id) ?? (hashes.has(id) ? await hashOfMessage(id) : null);
      if (rawHash) seen.push({ rawHash, folders: added });
    }
    await recordFolders({ sourceId, mailbox, seen });
  };
  const hashOfMessage = async (id: string) => {
    try {
      return itemHash((await google.rawMessage(mailbox, id)).raw);
    } catch (error) {
      if (error instanceof CloudHttpError && error.status === 404) return null;
      if (error instanceof ProviderRequestError && error.kind === "too-large") return null;
      throw error;
    }
  };

  const fullListing = async () => {
    for await (const page of google.listMessages(mailbox, config.includeSpamTrash, options.messagesTotal))
      await archive(page.map((message) => message.id));
  };

  const readHistory = async (stored: string) => {
    try {
      const walk = new PageWalk("The Gmail history listing", pagesFor(options.messagesTotal));
      let pageToken: string | undefined;
      do {
        if (pageToken) walk.next(pageToken);
        const page = await google.history(mailbox, stored, pageToken);
        const added = (page.history ?? []).flatMap((entry) => (entry.messagesAdded ?? []).map((added) => added.message));
        await archive(added.filter((message) => !excluded(message.labelIds)).map((message) => message.id));
        await labelsAdded(page.history ?? []);
        pageToken = page.nextPageToken;
      } while (pageToken);
    } catch (error) {
      if (!(error instanceof CloudHttpError && error.status === 404)) throw error;
      await dropCursor(cursorKey);
      summary.restarted = true;
      await fullListing();
    }
  };

  const stored = await loadCursor(cursorKey);
  try {
    if (stored === null) await fullListing();
    else await readHistory(stored);
  } catch (error) {
    // A listing that does not end fails the mailbox with its cursor dropped: the next sync lists it afresh.
    if (error instanceof ProviderRequestError && error.kind === "listing") await dropCursor(cursorKey);
    throw error;
  }
  await saveCursor({ ...cursorKey, cursor: options.historyId });
  summary.heldCount = await countItems(itemKey);
}
