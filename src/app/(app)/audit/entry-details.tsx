"use client";

import { useQuery } from "@tanstack/react-query";
import { Dialog } from "@/components/dialog";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { formatDateTime } from "@/lib/format";
import { useTRPC } from "@/lib/trpc";

/** Every field of one entry, including its details and both hashes of the chain link. */
export function EntryDetails({ id, onClose }: { id: number | null; onClose: () => void }) {
  const trpc = useTRPC();
  const entry = useQuery({ ...trpc.audit.get.queryOptions({ id: id ?? 1 }), enabled: id !== null });
  const data = entry.data;
  return (
    <Dialog open={id !== null} wide title={`Audit entry ${id ?? ""}`} onClose={onClose}>
      <ErrorNotice error={entry.error} />
      {!data ? (
        !entry.error && <Skeleton lines={6} />
      ) : (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]" aria-label="Entry details">
          <dt className="text-slate-600">Id</dt>
          <dd>{data.id}</dd>
          <dt className="text-slate-600">Time</dt>
          <dd>
            {formatDateTime(data.timestamp)} <span className="text-xs text-slate-500">({data.timestamp})</span>
          </dd>
          <dt className="text-slate-600">Actor</dt>
          <dd>{data.actorIdentifier}</dd>
          <dt className="text-slate-600">Actor IP</dt>
          <dd>{data.actorIp}</dd>
          <dt className="text-slate-600">Action</dt>
          <dd>{data.actionType}</dd>
          <dt className="text-slate-600">Target</dt>
          <dd className="break-all">
            {data.targetType} {data.targetId}
          </dd>
          <dt className="text-slate-600">Details</dt>
          <dd>
            <pre className="max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(data.details, null, 2)}</pre>
          </dd>
          <dt className="text-slate-600">Previous hash</dt>
          <dd className="break-all font-mono text-xs">{data.previousHash ?? "none (first entry)"}</dd>
          <dt className="text-slate-600">Hash</dt>
          <dd className="break-all font-mono text-xs">{data.currentHash}</dd>
        </dl>
      )}
    </Dialog>
  );
}
