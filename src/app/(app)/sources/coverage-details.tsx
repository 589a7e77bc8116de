"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";
import { ReceiptLinks } from "./sync-progress";

/** Receipts per page of the list (GET /v1/ingestion-sources/{id}/receipts pages the same way). */
const RECEIPTS_PER_PAGE = 10;

/** Every receipt of a source, newest first, a page at a time, each downloadable and verifiable. */
function ReceiptList({ sourceId }: { sourceId: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const receipts = useQuery(trpc.sources.receipts.queryOptions({ id: sourceId, page: String(page), limit: String(RECEIPTS_PER_PAGE) }));
  const data = receipts.data;
  if (!data) return null;
  if (data.total === 0) return <p>No receipts yet: each upload, CLI import and sync leaves one.</p>;
  const pages = Math.ceil(data.total / data.limit);
  return (
    <div>
      <p className="font-medium">Receipts ({formatNumber(data.total)})</p>
      <ul aria-label="Receipts" className="space-y-0.5 pl-3">
        {data.items.map((receipt) => (
          <li key={receipt.id}>
            {formatDateTime(receipt.finishedAt)} · {receipt.origin}
            {receipt.outcome === "failed" ? " (failed)" : ""}: {formatNumber(receipt.totals.stored)} stored,{" "}
            {formatNumber(receipt.totals.alreadyArchived)} already archived, {formatNumber(receipt.totals.failed)} failed · SHA-256{" "}
            {receipt.sha256.slice(0, 12)}… <ReceiptLinks sourceId={sourceId} receiptId={receipt.id} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <p className="flex items-center gap-2">
          <button type="button" className="underline disabled:no-underline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            page {page} of {pages}
          </span>
          <button type="button" className="underline disabled:no-underline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * A source's coverage report (docs/connectors.md), for every kind of source: what it holds, every
 * receipt of its imports and syncs, and for a synced source the last sync per mailbox and folder
 * (the provider's count against what the archive holds).
 */
export function CoverageDetails({ sourceId, synced }: { sourceId: string; synced: boolean }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const coverage = useQuery({ ...trpc.sources.coverage.queryOptions({ id: sourceId }), enabled: open });
  const data = coverage.data;
  return (
    <details className="text-xs" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-slate-700">Coverage</summary>
      {data && (
        <div className="mt-1 space-y-1" data-testid={`coverage-${sourceId}`}>
          <p>
            {data.emailCount} archived, {data.notSearchable} not searchable yet
          </p>
          <ReceiptList sourceId={sourceId} />
          {synced && data.lastSync === null && <p>No sync yet.</p>}
          {(synced ? (data.lastSync?.mailboxes ?? []) : []).map((mailbox) => (
            <div key={mailbox.mailbox}>
              <p className="font-medium">
                {mailbox.mailbox}: {mailbox.status}
                {mailbox.reason ? ` (${mailbox.reason})` : ""}
              </p>
              <ul className="pl-3">
                {mailbox.folders.map((folder) => (
                  <li key={folder.folder}>
                    {folder.folder}: {folder.heldCount}
                    {folder.providerCount !== null ? ` of ${folder.providerCount}` : ""} held
                    {folder.failed.length > 0
                      ? `, ${folder.failed.length} failed: ${folder.failed.map((item) => item.reason).join("; ")}`
                      : ""}
                    {folder.deletedAtSource > 0 ? `, ${folder.deletedAtSource} deleted at the source (kept)` : ""}
                  </li>
                ))}
                {mailbox.excluded.map((excluded) => (
                  <li key={excluded} className="text-slate-500">
                    excluded: {excluded}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </details>
  );
}
