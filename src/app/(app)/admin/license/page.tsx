"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { useTRPC } from "@/lib/trpc";

const DESCRIPTIONS: Record<string, string> = {
  LEGAL_HOLDS: "Legal holds: preserve emails for litigation or investigations, beyond any retention rule.",
  RETENTION_POLICY: "Retention: labels, policies and the lifecycle that deletes emails once they expire.",
};

export default function LicensePage() {
  const trpc = useTRPC();
  const license = useQuery(trpc.license.get.queryOptions());
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="page-title">License</h1>
      <p className="text-sm text-slate-600">
        Features are enabled by the <code>LICENSE_FEATURES</code> setting of the server (all of them when it is unset).
      </p>
      <ErrorNotice error={license.error} />
      {!license.data ? (
        <Skeleton lines={2} />
      ) : (
        <ul className="space-y-2" aria-label="License features">
          {license.data.features.map((feature) => (
            <li key={feature.name} className="card flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-mono text-sm font-medium">{feature.name}</p>
                <p className="text-sm text-slate-600">{DESCRIPTIONS[feature.name] ?? ""}</p>
              </div>
              <span className={`badge ${feature.enabled ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-700"}`}>
                {feature.enabled ? "Enabled" : "Not licensed"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
