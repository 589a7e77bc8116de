import type { z } from "zod";
import { db } from "../platform/db/client";
import { notFound } from "../platform/errors/app-error";
import type { sourceCoverageResponse } from "./ingestion-sources.responses";

type Coverage = z.input<typeof sourceCoverageResponse>;
type MailboxCoverage = NonNullable<Coverage["lastSync"]>["mailboxes"][number];

interface ImportDetails {
  error?: string;
  mailboxes?: (Omit<MailboxCoverage, "reason"> & { reason?: string })[];
  /** An IMAP sync's folders (one mailbox). */
  folders?: { folder: string; restarted: boolean; imported: number; duplicates: number; failed: number }[];
}

/** The last sync's record as coverage rows: a cloud sync's per mailbox and folder, an IMAP sync's folders as one mailbox. */
function mailboxesOf(details: ImportDetails, userEmail: string): MailboxCoverage[] {
  if (details.mailboxes) return details.mailboxes.map((entry) => ({ ...entry, reason: entry.reason ?? null }));
  return [
    {
      mailbox: userEmail,
      status: details.error ? "failed" : "synced",
      reason: details.error ?? null,
      excluded: [],
      folders: (details.folders ?? []).map((folder) => ({
        folder: folder.folder,
        providerCount: null,
        heldCount: folder.imported + folder.duplicates,
        restarted: folder.restarted,
        imported: folder.imported,
        duplicates: folder.duplicates,
        deletedAtSource: 0,
        failed: Array.from({ length: folder.failed }, () => ({ id: "", reason: "see the source's status message" })),
      })),
    },
  ];
}

/**
 * How complete a source's capture is: its last sync's record per mailbox and folder (the provider's
 * count against what the archive holds, and every difference's reason), and how many of its archived
 * emails are not searchable yet, with a link to its last signed receipt.
 */
export async function getSourceCoverage(options: { id: string }): Promise<Coverage> {
  const source = await db().ingestionSource.findUnique({ where: { id: options.id } });
  if (!source) throw notFound("Ingestion source");
  const [last, emailCount, notSearchable, receipt] = await Promise.all([
    db().auditLog.findFirst({
      where: { actionType: "IMPORT", targetType: "IngestionSource", targetId: source.id },
      orderBy: { id: "desc" },
    }),
    db().archivedEmail.count({ where: { ingestionSourceId: source.id } }),
    db().archivedEmail.count({ where: { ingestionSourceId: source.id, isIndexed: false } }),
    db().importReceipt.findFirst({
      where: { sourceId: source.id },
      orderBy: { finishedAt: "desc" },
      select: { id: true, origin: true, sha256: true, finishedAt: true },
    }),
  ]);
  const details = (last?.details ?? {}) as ImportDetails;
  const config = source.config as { userEmail?: string; username?: string };
  return {
    sourceId: source.id,
    provider: source.provider,
    emailCount,
    notSearchable,
    lastReceipt: receipt ? { ...receipt, url: `/v1/ingestion-sources/${source.id}/receipts/${receipt.id}` } : null,
    lastSync: last
      ? {
          at: last.timestamp,
          auditId: String(last.id),
          error: details.error ?? null,
          mailboxes: mailboxesOf(details, config.userEmail ?? config.username ?? ""),
        }
      : null,
  };
}
