"use client";

import { useQueryClient, type QueryClient } from "@tanstack/react-query";

type Filter = NonNullable<Parameters<QueryClient["invalidateQueries"]>[0]>;

/** Invalidates the queries of the given filters (e.g. `trpc.legalHolds.pathFilter()`), all at once. */
export function useInvalidate(): (...filters: Filter[]) => Promise<unknown> {
  const queryClient = useQueryClient();
  return (...filters) => Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));
}
