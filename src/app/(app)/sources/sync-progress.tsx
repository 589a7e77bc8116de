"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useToast } from "@/components/toast";
import { asyncHandler } from "@/lib/async-handler";
import { formatNumber } from "@/lib/format";
import { errorMessage, useTRPC } from "@/lib/trpc";

/** How often the page reads a running sync's progress rows (the worker writes them every second). */
const PROGRESS_POLL_MS = 1000;

/** A running sync's progress per mailbox: the folder being read and the items done of those seen so far. */
export function SyncProgress({ sourceId, running }: { sourceId: string; running: boolean }) {
  const trpc = useTRPC();
  const progress = useQuery({
    ...trpc.sources.progress.queryOptions({ id: sourceId }),
    enabled: running,
    refetchInterval: running ? PROGRESS_POLL_MS : false,
  });
  const rows = progress.data ?? [];
  if (!running || rows.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-700" aria-label="Sync progress" data-testid={`sync-progress-${sourceId}`}>
      {rows.map((row) => (
        <li key={row.mailbox}>
          <span className="font-medium">{row.mailbox}</span>
          {row.folder ? ` · ${row.folder}` : ""}: {formatNumber(row.done)} / {formatNumber(row.seen)}
          {row.finished ? " (done)" : ""}
          <progress
            className="ml-1 h-1.5 w-16 align-middle"
            max={Math.max(row.seen, 1)}
            value={row.done}
            aria-label={`${row.mailbox} progress`}
          />
        </li>
      ))}
    </ul>
  );
}

/** Downloads a receipt (the same signed document as GET /v1/ingestion-sources/{id}/receipts/{receiptId}) and shows its verification. */
export function ReceiptLinks({ sourceId, receiptId }: { sourceId: string; receiptId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [verdict, setVerdict] = useState<string | null>(null);

  async function download() {
    try {
      const receipt = await queryClient.fetchQuery({ ...trpc.sources.receipt.queryOptions({ id: sourceId, receiptId }), staleTime: 0 });
      const url = URL.createObjectURL(new Blob([JSON.stringify(receipt, null, 2)], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `import-receipt-${receiptId}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      toast(errorMessage(error), "error");
    }
  }

  async function check() {
    try {
      const result = await queryClient.fetchQuery({
        ...trpc.sources.verifyReceipt.queryOptions({ id: sourceId, receiptId }),
        staleTime: 0,
      });
      setVerdict(
        result.valid ? "Receipt verified: signature and audit entry match." : `Receipt does not verify: ${result.problems.join(" ")}`,
      );
    } catch (error) {
      setVerdict(errorMessage(error));
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" className="underline" onClick={asyncHandler(download)}>
        Download receipt
      </button>
      <button type="button" className="underline" onClick={asyncHandler(check)}>
        Verify receipt
      </button>
      {verdict && <span role="status">{verdict}</span>}
    </span>
  );
}
