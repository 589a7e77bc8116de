"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCapabilities } from "@/lib/capabilities";
import { useTRPC } from "@/lib/trpc";

/**
 * On the pages whose work the background worker does (Exports, Sources, Retention): says so when no
 * worker has recorded a heartbeat for a few minutes, instead of leaving an export "queued" forever.
 */
export function WorkerBanner({ waiting }: { waiting: string }) {
  const trpc = useTRPC();
  const can = useCapabilities();
  const presence = useQuery({ ...trpc.system.workerPresence.queryOptions(), refetchInterval: 60_000 });
  if (!presence.data || presence.data.workerRunning) return null;
  return (
    <div role="alert" data-testid="worker-banner" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <strong>No worker is running</strong> (none seen for {Math.round(presence.data.staleAfterSeconds / 60)} minutes): {waiting} wait until
      one runs. <code>npm start</code> runs it beside the web server unless its worker role is off; <code>npm run worker</code> runs it on
      its own.{" "}
      {can.manageSystem && (
        <Link href="/system" className="underline">
          System status
        </Link>
      )}
    </div>
  );
}
