"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { useState, type ReactNode } from "react";
import { TRPC_MAX_BATCH_SIZE } from "@/server/transport/trpc/batch-size";
import type { AppRouter } from "@/server/transport/trpc/root";
import { UI_HEADERS } from "@/server/platform/http/ui-request-header";

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

// A search stopped by its time bound (SERVICE_UNAVAILABLE) would only cost as much again.
const NO_RETRY = new Set([
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "UNPROCESSABLE_CONTENT",
  "CONFLICT",
  "BAD_REQUEST",
  "SERVICE_UNAVAILABLE",
]);

export function TrpcProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 5_000,
            refetchOnWindowFocus: false,
            retry: (failures, error) => failures < 2 && !NO_RETRY.has(errorCode(error) ?? ""),
          },
        },
      }),
  );
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: "/api/trpc", maxItems: TRPC_MAX_BATCH_SIZE, headers: () => ({ ...UI_HEADERS }) })],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

interface ErrorData {
  code?: string;
  httpStatus?: number;
  fieldErrors?: { field: string; message: string }[] | null;
}

function dataOf(error: unknown): ErrorData | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined) : undefined;
}

export function errorCode(error: unknown): string | undefined {
  return dataOf(error)?.code;
}

/** Field errors of a 422 answer keyed by field path ("data.name" and "name" both land on "name"). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of dataOf(error)?.fieldErrors ?? []) {
    const field = item.field.replace(/^(data|searchQuery)\./, "");
    errors[field] ??= item.message;
  }
  return errors;
}

export function errorMessage(error: unknown): string {
  if (!error) return "";
  const data = dataOf(error);
  if (data?.code === "UNPROCESSABLE_CONTENT" && data.fieldErrors?.length) {
    return data.fieldErrors.map((item) => `${item.field}: ${item.message}`).join("; ");
  }
  return error instanceof Error ? error.message : String(error);
}
