import { randomUUID } from "node:crypto";
import type { AuditActor } from "../../audit/append-audit-entry";
import { sha256Hex } from "../../platform/crypto/sha256";
import { canonicalJson } from "../../audit/canonical-json";
import type { Tx } from "../../platform/db/client";
import { installationPublicKey, signWithInstallationKey } from "../../platform/signing/installation-signing-key";

/** One folder (or label listing, or uploaded file) of a run: what was seen and what became of each item. */
export interface ReceiptFolder {
  folder: string;
  /** Items the run listed as new to this folder (not recorded by an earlier run). */
  seen: number;
  /** Archived now. */
  stored: number;
  /** The same bytes were archived already (this occurrence recorded on that email). */
  alreadyArchived: number;
  failed: { item: string; reason: string }[];
  /** Listed, then gone before it could be downloaded (deleted or moved at the source meanwhile). */
  goneBeforeDownload: number;
  /** The provider's own count when listed (null where the protocol gives none). */
  providerCount: number | null;
}

export interface ReceiptExcluded {
  folder: string;
  /** Items in it (with its subfolders) when the run looked; null when the provider would not say. */
  count: number | null;
  reason: string;
}

export interface ReceiptMailbox {
  mailbox: string;
  status: string;
  reason: string | null;
  folders: ReceiptFolder[];
  excluded: ReceiptExcluded[];
}

/** What a run hands in; the receipt adds its id, source, signer and totals. */
export interface ReceiptInput {
  receiptId: string;
  sourceId: string;
  origin: string;
  actor: AuditActor;
  startedAt: Date;
  error: string | null;
  mailboxes: ReceiptMailbox[];
}

/** The signed document (version 1); docs/ingestion.md, "Import receipts", describes each field. */
export interface ImportReceiptBody {
  type: "import-receipt";
  version: 1;
  receiptId: string;
  sourceId: string;
  sourceName: string | null;
  provider: string | null;
  origin: string;
  actor: { identifier: string; userId: string | null };
  startedAt: string;
  finishedAt: string;
  outcome: "completed" | "failed";
  error: string | null;
  totals: { mailboxes: number; seen: number; stored: number; alreadyArchived: number; failed: number; excluded: number };
  mailboxes: ReceiptMailbox[];
}

/** A new run's id: its receipt's id and its progress rows' run. */
export const newRunId = (): string => randomUUID();

const sum = <T>(items: T[], count: (item: T) => number) => items.reduce((total, item) => total + count(item), 0);

/** A folder's receipt line from a run's counts; what was seen and neither archived nor failed was gone before its download. */
export function receiptFolder(counts: Omit<ReceiptFolder, "goneBeforeDownload">): ReceiptFolder {
  const settled = counts.stored + counts.alreadyArchived + counts.failed.length;
  return { ...counts, goneBeforeDownload: Math.max(0, counts.seen - settled) };
}

/** "deleteditems (reason): 3 items", as the coverage report lists an exclusion. */
export const describeExcluded = (excluded: ReceiptExcluded): string =>
  `${excluded.folder} (${excluded.reason})${excluded.count === null ? "" : `: ${excluded.count} item(s)`}`;

/**
 * Builds, signs and stores a run's receipt inside the run's final transaction, and answers what its
 * IMPORT audit entry records of it (`details.receipt`), so the audit chain covers the receipt's hash.
 * The signed bytes are the canonical JSON (audit/canonical-json.ts) of the body, UTF-8.
 */
export async function sealImportReceipt(client: Tx, input: ReceiptInput): Promise<{ id: string; sha256: string }> {
  const source = await client.ingestionSource.findUnique({ where: { id: input.sourceId }, select: { name: true, provider: true } });
  const folders = input.mailboxes.flatMap((mailbox) => mailbox.folders);
  const finishedAt = new Date();
  const body: ImportReceiptBody = {
    type: "import-receipt",
    version: 1,
    receiptId: input.receiptId,
    sourceId: input.sourceId,
    sourceName: source?.name ?? null,
    provider: source?.provider ?? null,
    origin: input.origin,
    actor: { identifier: input.actor.identifier, userId: input.actor.userId ?? null },
    startedAt: input.startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    outcome: input.error === null ? "completed" : "failed",
    error: input.error,
    totals: {
      mailboxes: input.mailboxes.length,
      seen: sum(folders, (folder) => folder.seen),
      stored: sum(folders, (folder) => folder.stored),
      alreadyArchived: sum(folders, (folder) => folder.alreadyArchived),
      failed: sum(folders, (folder) => folder.failed.length),
      excluded: sum(
        input.mailboxes.flatMap((mailbox) => mailbox.excluded),
        (excluded) => excluded.count ?? 0,
      ),
    },
    mailboxes: input.mailboxes,
  };
  const text = canonicalJson(body);
  const bytes = Buffer.from(text, "utf8");
  const sha256 = sha256Hex(bytes);
  await client.importReceipt.create({
    data: {
      id: input.receiptId,
      sourceId: input.sourceId,
      origin: input.origin,
      finishedAt,
      body: text,
      sha256,
      signature: signWithInstallationKey(bytes),
      publicKey: installationPublicKey().publicKey,
    },
  });
  return { id: input.receiptId, sha256 };
}
