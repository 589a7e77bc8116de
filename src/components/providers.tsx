"use client";

import type { ReactNode } from "react";
import { TrpcProviders } from "@/lib/trpc";
import { ToastProvider } from "./toast";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <TrpcProviders>
      <ToastProvider>{children}</ToastProvider>
    </TrpcProviders>
  );
}
