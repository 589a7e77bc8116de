"use client";

import { skipToken, useQuery } from "@tanstack/react-query";
import { DataTable } from "@/components/data-table";
import { useCapabilities } from "@/lib/capabilities";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useTRPC, type RouterOutputs } from "@/lib/trpc";
import { AttachHoldForm } from "./attach-hold-form";
import { CaseHoldForm } from "./case-hold-form";
import { CaseCustodians, CaseMembers } from "./case-people";

export type CaseDetail = RouterOutputs["ediscovery"]["get"];

/** The case's scope: custodians and members (editable while the case is open, with manage:ediscovery) and holds. */
export function CaseOverview({ matter }: { matter: CaseDetail }) {
  const trpc = useTRPC();
  const can = useCapabilities();
  const editable = can.manageEdiscovery && matter.status === "open";
  const candidates = useQuery(trpc.ediscovery.memberCandidates.queryOptions(editable ? undefined : skipToken));
  return (
    <div className="space-y-6">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="font-medium text-slate-600">Custodians</dt>
        <dd>
          <CaseCustodians caseId={matter.id} custodians={matter.custodians} editable={editable} />
        </dd>
        <dt className="font-medium text-slate-600">Members</dt>
        <dd>
          <CaseMembers
            caseId={matter.id}
            members={matter.members}
            candidates={candidates.data}
            selfId={can.user.id}
            manageAll={can.manageAll}
            editable={editable}
          />
        </dd>
        <dt className="font-medium text-slate-600">Created</dt>
        <dd>{formatDateTime(matter.createdAt)}</dd>
        {matter.closedAt ? (
          <>
            <dt className="font-medium text-slate-600">Closed</dt>
            <dd>{formatDateTime(matter.closedAt)}</dd>
          </>
        ) : null}
      </dl>
      <section className="space-y-2">
        <h2 className="font-medium">Legal holds of this case</h2>
        <DataTable
          rows={matter.holds}
          rowKey={(hold) => hold.id}
          caption="Legal holds of this case"
          emptyTitle="No hold in this case"
          emptyText="A hold joins the case when it is created or attached here, or created or edited with the case's id (legal holds API, field caseId)."
          columns={[
            { key: "name", header: "Name", sortValue: (hold) => hold.name, render: (hold) => hold.name },
            { key: "state", header: "State", render: (hold) => (hold.isActive ? "Active" : "Inactive") },
            {
              key: "emails",
              header: "Emails",
              className: "text-right",
              sortValue: (hold) => hold.emailCount,
              render: (hold) => formatNumber(hold.emailCount),
            },
          ]}
        />
        {can.manageHolds && matter.status === "open" ? (
          <>
            <CaseHoldForm caseId={matter.id} />
            <AttachHoldForm caseId={matter.id} />
          </>
        ) : null}
      </section>
    </div>
  );
}
