"use client";

import { useInvalidate } from "@/lib/use-invalidate";
import { useTRPC } from "@/lib/trpc";

/**
 * What a change to a hold or its links invalidates: the holds and their emails, and what shows an
 * email's protection (its badge in emails and search results, its lifecycle status and forecast).
 */
export function useHoldChange(): () => Promise<unknown> {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  return () =>
    invalidate(trpc.legalHolds.pathFilter(), trpc.archivedEmails.pathFilter(), trpc.search.pathFilter(), trpc.lifecycle.pathFilter());
}
