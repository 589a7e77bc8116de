"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useParams } from "next/navigation";
import { useState } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { Skeleton } from "@/components/skeleton";
import { useTRPC } from "@/lib/trpc";
import { CaseStatusBadge } from "../case-parts";
import { CaseActivity } from "./case-activity";
import { CaseExports } from "./case-exports";
import { CaseOverview } from "./case-overview";
import { CaseReview } from "./case-review";
import { CaseSearches } from "./case-searches";

const TABS = ["Overview", "Searches", "Review", "Exports", "Activity"] as const;
type Tab = (typeof TABS)[number];

/** One case: its scope and holds, saved searches (built, explained, run, tagged), review by tag, productions and activity. */
export default function CasePage() {
  const { id } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const matter = useQuery(trpc.ediscovery.get.queryOptions({ id }));
  const [tab, setTab] = useState<Tab>("Overview");

  if (!matter.data) {
    return (
      <div className="space-y-4">
        <Link href="/cases" className="link text-sm">
          ← Cases
        </Link>
        {matter.error ? <ErrorNotice error={matter.error} /> : <Skeleton lines={6} />}
      </div>
    );
  }
  const data = matter.data;
  const closed = data.status === "closed";
  return (
    <div className="space-y-4">
      <Link href="/cases" className="link text-sm">
        ← Cases
      </Link>
      <h1 className="page-title flex items-center gap-2">
        {data.name} <CaseStatusBadge status={data.status} />
      </h1>
      {data.description ? <p className="text-sm text-slate-700">{data.description}</p> : null}
      {closed ? (
        <p className="text-sm text-amber-800">
          This case is closed: its history can be read and downloaded, nothing can be changed until it is reopened.
        </p>
      ) : null}
      <div role="tablist" aria-label="Case workspace" className="flex gap-1 border-b border-slate-200">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            className={`-mb-px border-b-2 px-3 py-2 text-sm ${tab === name ? "border-indigo-600 font-medium text-indigo-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
            onClick={() => setTab(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "Overview" ? <CaseOverview matter={data} /> : null}
        {tab === "Searches" ? <CaseSearches matter={data} /> : null}
        {tab === "Review" ? <CaseReview matter={data} /> : null}
        {tab === "Exports" ? <CaseExports matter={data} /> : null}
        {tab === "Activity" ? <CaseActivity matter={data} /> : null}
      </div>
    </div>
  );
}
