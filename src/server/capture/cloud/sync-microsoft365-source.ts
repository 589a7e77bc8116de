import { CloudHttpError, fetchEach, pagesFor, ProviderRequestError, type ThrottleCounter } from "./cloud-http";
import {
  archiveItems,
  countItems,
  dropCursor,
  knownItems,
  loadCursor,
  newFolderSummary,
  recordRefusedItems,
  saveCursor,
  type FetchedItem,
  type FolderSummary,
} from "./cloud-sync-state";
import { GraphApi, type DeltaItem, type GraphFolder, type GraphUser } from "./graph-api";
import { loadCloudConfig } from "./load-cloud-config";
import {
  describeCloudError,
  runCloudSync,
  type CloudConnector,
  type CloudSyncOptions,
  type ConnectorCalls,
  type CloudSyncResult,
  type MailboxSummary,
} from "./sync-cloud-source";
import type { Microsoft365Config } from "../ingestion-sources.schemas";

/** Folders skipped by default, by their well-known names (so whatever the mailbox's language calls them). */
const SKIPPED_WELL_KNOWN = ["deleteditems", "junkemail"] as const;
/** Messages fetched and archived together. */
const BATCH = 25;

interface GraphMailbox {
  user: GraphUser;
  address: string;
}

/** A user the API refuses a mailbox for (guest, unlicensed, on-premises): skipped, never a failed sync. */
const noMailbox = (error: unknown) =>
  error instanceof CloudHttpError && (error.code === "MailboxNotEnabledForRESTAPI" || error.code === "MailboxNotEnabledForRESTAPI.");

/**
 * Archives a Microsoft 365 tenant's mail through Microsoft Graph: every member with a mailbox (or the
 * listed ones), each whole folder tree (hidden folders and subfolders included) but Deleted Items and
 * Junk Email, each folder through its delta query, each message's MIME (`$value`) byte for byte.
 */
export async function syncMicrosoft365Source(options: CloudSyncOptions): Promise<CloudSyncResult> {
  return runCloudSync(
    options,
    "microsoft365-sync",
    () => loadCloudConfig({ sourceId: options.sourceId, provider: "microsoft365" }),
    (config, calls) => microsoft365Connector(options.sourceId, config, calls),
  );
}

function microsoft365Connector(sourceId: string, config: Microsoft365Config, calls: ConnectorCalls): CloudConnector<GraphMailbox> {
  const counter: ThrottleCounter = { throttled: 0 };
  const graph = new GraphApi({ ...config, ...calls, counter });
  let signedIn = false;
  return {
    origin: "microsoft365-sync",
    throttled: () => counter.throttled,
    mailboxName: (mailbox) => mailbox.address,
    async mailboxes() {
      await graph.accessToken();
      signedIn = true;
      const skipped: { mailbox: string; reason: string }[] = [];
      const mailboxes: GraphMailbox[] = [];
      if (config.mailboxes) {
        for (const address of config.mailboxes) {
          const user = await graph.findUser(address);
          if (!user) skipped.push({ mailbox: address, reason: "no such user in the tenant" });
          else mailboxes.push({ user, address: (user.mail ?? address).toLowerCase() });
        }
      } else {
        for (const user of await graph.listUsers()) {
          if (!user.mail) skipped.push({ mailbox: user.userPrincipalName, reason: "the user has no mail address" });
          else if (user.userType === "Guest") skipped.push({ mailbox: user.mail.toLowerCase(), reason: "guest user" });
          else mailboxes.push({ user, address: user.mail.toLowerCase() });
        }
      }
      return { mailboxes, skipped };
    },
    async syncMailbox(mailbox, summary) {
      try {
        await syncMailbox({ graph, sourceId, config, mailbox, summary });
      } catch (error) {
        if (!noMailbox(error)) throw error;
        summary.status = "skipped";
        summary.reason = "the user has no Exchange Online mailbox (MailboxNotEnabledForRESTAPI)";
      }
    },
    describe: (error) =>
      describeCloudError(error, signedIn, {
        signIn: `Microsoft 365 sign-in for application ${config.clientId} in tenant ${config.tenantId}`,
        api: "Microsoft Graph",
        unreachable: `Microsoft 365 at ${config.loginUrl}`,
      }),
  };
}

async function syncMailbox(options: {
  graph: GraphApi;
  sourceId: string;
  config: Microsoft365Config;
  mailbox: GraphMailbox;
  summary: MailboxSummary;
}): Promise<void> {
  const { graph, sourceId, config, mailbox, summary } = options;
  const skip = new Set<string>();
  if (!config.includeDeletedAndJunk) {
    for (const name of SKIPPED_WELL_KNOWN) {
      const skipped = await graph.wellKnownFolder(mailbox.user.id, name);
      if (!skipped) continue;
      skip.add(skipped.id);
      // Counted with its subfolders, so the receipt says how much was left out.
      const below = skipped.childFolderCount > 0 ? await graph.folderTree(mailbox.user.id, new Set(), { id: skipped.id, path: "" }) : [];
      summary.excluded.push({
        folder: `${skipped.displayName} (${name})`,
        count: skipped.totalItemCount + below.reduce((total, folder) => total + folder.totalItemCount, 0),
        reason: "well-known folder skipped with its subfolders",
      });
    }
  }
  const folders = await graph.folderTree(mailbox.user.id, skip);
  const failedFolders: string[] = [];
  for (const folder of folders) {
    const folderSummary = newFolderSummary(folder.path, folder.totalItemCount);
    summary.folders.push(folderSummary);
    try {
      await syncFolder({ graph, sourceId, mailbox, folder, summary: folderSummary });
    } catch (error) {
      // A listing that cannot be followed fails its folder alone (its cursor dropped); the others go on.
      if (!(error instanceof ProviderRequestError && error.kind === "listing")) throw error;
      failedFolders.push(`${folder.path}: ${error.message}`);
    }
  }
  if (failedFolders.length > 0)
    throw new ProviderRequestError("listing", `${failedFolders.length} folder(s) failed: ${failedFolders.join("; ")}`.slice(0, 600));
}

/**
 * One folder through its delta query: from the stored delta link, or, the first time or when that
 * link expired (410), from a full listing that fetches only the messages not archived yet. The new
 * delta link is stored once every page's messages are archived. Removals are counted, never applied.
 * A listing that cannot be followed (a link elsewhere than graphUrl, a link given twice, more pages
 * than the folder can hold) drops the folder's cursor and throws. A message larger than
 * MAX_MESSAGE_BYTES fails alone (recorded with its reason, never fetched again).
 */
async function syncFolder(options: {
  graph: GraphApi;
  sourceId: string;
  mailbox: GraphMailbox;
  folder: GraphFolder;
  summary: FolderSummary;
}) {
  const { graph, sourceId, mailbox, folder, summary } = options;
  const key = { sourceId, mailbox: mailbox.address, scope: folder.id };
  const known = await knownItems(key);
  const stored = await loadCursor(key);
  let deltaLink: string | null;
  try {
    try {
      deltaLink = await readDelta(stored ?? graph.deltaStart(mailbox.user.id, folder.id));
    } catch (error) {
      if (!(stored && error instanceof CloudHttpError && error.status === 410)) throw error;
      await dropCursor(key);
      summary.restarted = true;
      deltaLink = await readDelta(graph.deltaStart(mailbox.user.id, folder.id));
    }
  } catch (error) {
    if (error instanceof ProviderRequestError && error.kind === "listing") await dropCursor(key);
    throw error;
  }
  if (deltaLink) await saveCursor({ ...key, cursor: deltaLink });
  summary.heldCount = await countItems(key);

  /** Downloads and archives listed messages a batch at a time (a batch may span delta pages: Graph's are small). */
  async function archiveBatch(ids: string[]) {
    const refused: { id: string; reason: string }[] = [];
    const items = await fetchEach(ids, async (id): Promise<FetchedItem | null> => {
      try {
        return { id, raw: await graph.mime(mailbox.user.id, id), path: folder.path };
      } catch (error) {
        // Deleted between the listing and the download: gone at the source before capture.
        if (error instanceof CloudHttpError && error.status === 404) return null;
        if (error instanceof ProviderRequestError && error.kind === "too-large") {
          refused.push({ id, reason: error.message });
          return null;
        }
        throw error;
      }
    });
    await archiveItems({ ...key, items, summary });
    await recordRefusedItems({ ...key, path: folder.path, refused, summary });
    for (const item of [...items, ...refused]) known.add(item.id);
  }

  async function readDelta(start: string): Promise<string | null> {
    // A round lists the folder's messages and the removals of those archived before: at most both counts.
    const pages = graph.pages<DeltaItem>(start, pagesFor(folder.totalItemCount + known.size));
    const pending: string[] = [];
    for (;;) {
      const next = await pages.next();
      if (next.done) {
        if (pending.length > 0) await archiveBatch(pending.splice(0));
        return next.value;
      }
      for (const item of next.value) {
        if (item["@removed"]) summary.deletedAtSource += known.has(item.id) ? 1 : 0;
        else if (!known.has(item.id) && !pending.includes(item.id)) {
          pending.push(item.id);
          summary.seen++;
        }
      }
      while (pending.length >= BATCH) await archiveBatch(pending.splice(0, BATCH));
    }
  }
}
