"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/lib/trpc";
import { ReceiptLinks } from "./sync-progress";

/** A source's coverage report (docs/connectors.md): per mailbox and folder, the provider's count against what the archive holds. */
export function CoverageDetails({ sourceId }: { sourceId: string }) {
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
          {data.lastReceipt && (
            <p>
              Last receipt ({data.lastReceipt.origin}, SHA-256 {data.lastReceipt.sha256.slice(0, 12)}…):{" "}
              <ReceiptLinks sourceId={sourceId} receiptId={data.lastReceipt.id} />
            </p>
          )}
          {data.lastSync === null && <p>No sync yet.</p>}
          {data.lastSync?.mailboxes.map((mailbox) => (
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
