"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useToast } from "@/components/toast";
import { formatNumber } from "@/lib/format";
import { errorMessage, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { useInvalidate } from "@/lib/use-invalidate";

type CycleRequest = RouterOutputs["lifecycle"]["cycleRequest"];

/** What a requested cycle is doing, in words. */
export function describeCycleRequest(request: CycleRequest): string {
  const cycle = request.cycle;
  if (request.status === "failed") return `Lifecycle cycle failed: ${request.error ?? "unknown error"}`;
  if (request.status === "queued") {
    return request.error ? `Lifecycle cycle queued, to be tried again (${request.error})` : "Lifecycle cycle queued for the worker…";
  }
  if (request.status === "running" || !cycle) {
    return cycle ? `Lifecycle cycle running: ${formatNumber(cycle.evaluated)} due so far…` : "Lifecycle cycle running…";
  }
  return (
    `Lifecycle cycle finished: ${formatNumber(cycle.evaluated)} due, ${formatNumber(cycle.deleted)} deleted, ` +
    `${formatNumber(cycle.awaitingReview)} awaiting review, ${formatNumber(cycle.protectedByHold)} spared by hold, ` +
    `${formatNumber(cycle.failed)} failed`
  );
}

/** "Run lifecycle cycle now": queues a cycle for the worker and follows it until it finished. */
export function RunCycleNow() {
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const [requestId, setRequestId] = useState<string | null>(null);
  const request = useQuery({
    ...trpc.lifecycle.cycleRequest.queryOptions({ id: requestId ?? "" }),
    enabled: requestId !== null,
    refetchInterval: (query) => (["finished", "failed"].includes(query.state.data?.status ?? "") ? false : 1000),
  });
  const run = useMutation(
    trpc.lifecycle.requestCycle.mutationOptions({
      onSuccess: (answer) => setRequestId(answer.id),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const status = request.data?.status;
  const done = status === "finished" || status === "failed";
  useEffect(() => {
    // What the cycle did shows in the cycles, the forecast and the review queue.
    if (done) void invalidate(trpc.lifecycle.cycles.pathFilter(), trpc.lifecycle.forecast.pathFilter(), trpc.dispositions.pathFilter());
  }, [done, requestId]); // once per finished request
  const busy = run.isPending || (requestId !== null && !done);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button className="btn" onClick={() => run.mutate()} disabled={busy}>
        Run lifecycle cycle now
      </button>
      {request.data && (
        <p role="status" data-testid="cycle-request-status" className={`text-sm ${status === "failed" ? "text-red-800" : ""}`}>
          {describeCycleRequest(request.data)}
        </p>
      )}
    </div>
  );
}
