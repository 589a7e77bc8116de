"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useInvalidate } from "@/lib/use-invalidate";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { DataTable } from "@/components/data-table";
import { EmptyState } from "@/components/empty-state";
import { ErrorNotice } from "@/components/error-notice";
import { FormError, SelectField, TextAreaField, TextField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { formatDate, formatDateTime } from "@/lib/format";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";

type Disposition = RouterOutputs["dispositions"]["list"]["items"][number];
type Status = "pending" | "approved" | "extended" | "relabeled";
const PAGE_SIZE = 50;

const STATUS_TONES: Record<Status, string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-red-100 text-red-900",
  extended: "bg-sky-100 text-sky-900",
  relabeled: "bg-emerald-100 text-emerald-900",
};

/** The dispositions of the rules the signed-in user reviews (docs/retention.md "Disposition review"). */
export default function DispositionsPage() {
  const can = useCapabilities();
  const trpc = useTRPC();
  const toast = useToast();
  const invalidate = useInvalidate();
  const [status, setStatus] = useState<Status>("pending");
  const [rule, setRule] = useState("");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [decision, setDecision] = useState<"approve" | "extend" | "relabel">("approve");
  const list = useQuery({
    ...trpc.dispositions.list.queryOptions({ status, rule: rule || undefined, page, limit: PAGE_SIZE }),
    enabled: can.retention,
  });
  const labels = useQuery({ ...trpc.retentionLabels.list.queryOptions(), enabled: can.retention && can.manageRetention });
  const decide = useMutation(
    trpc.dispositions.decide.mutationOptions({
      onSuccess: (result) => {
        toast(`${result.decided.length} ${result.decided.length === 1 ? "disposition" : "dispositions"} decided (${result.decision})`);
        setSelected(new Set());
        return invalidate(trpc.dispositions.pathFilter(), trpc.lifecycle.pathFilter(), trpc.dashboard.pathFilter());
      },
    }),
  );
  if (!can.retention)
    return <EmptyState title="Disposition review is not available">It needs the RETENTION_POLICY license feature.</EmptyState>;

  const items = list.data?.items ?? [];
  const rules = new Map(items.map((item) => [item.rule.id, item.rule.name]));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const sample = items.filter((item) => item.email !== null);
  const sampled = sample.length > 0 ? sample[Math.floor(Math.random() * sample.length)] : null;
  const errors = fieldErrorsOf(decide.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    decide.mutate({
      ids: [...selected],
      decision,
      comment: values.comment ?? "",
      days: decision === "extend" ? Number(values.days) : undefined,
      labelId: decision === "relabel" ? values.labelId : undefined,
    });
  };

  return (
    <div className="space-y-6">
      <h1 className="page-title">Disposition review</h1>
      <p className="text-sm text-slate-600">
        Emails due under a rule that asks for review wait here until a reviewer decides: approve (the next lifecycle cycle deletes them,
        unless a legal hold protects them), extend (due again after some days) or relabel (another label governs them).
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label="Status"
          name="status"
          value={status}
          onChange={(event) => (setStatus(event.target.value as Status), setPage(1), setSelected(new Set()))}
          options={(["pending", "approved", "extended", "relabeled"] as const).map((value) => ({ value, label: value }))}
        />
        <SelectField
          label="Rule"
          name="rule"
          value={rule}
          onChange={(event) => (setRule(event.target.value), setPage(1), setSelected(new Set()))}
          options={[{ value: "", label: "All rules" }, ...[...rules].map(([id, name]) => ({ value: id, label: name }))]}
        />
        {sampled?.email ? (
          <Link className="btn" href={`/emails/${sampled.emailId}`} target="_blank" data-testid="sample-email">
            Sample an email
          </Link>
        ) : null}
      </div>
      <ErrorNotice error={list.error} />
      <DataTable<Disposition>
        caption="Dispositions"
        rows={items}
        loading={list.isLoading}
        rowKey={(item) => item.id}
        emptyTitle={status === "pending" ? "Nothing waits for your review" : `No ${status} dispositions`}
        paging={list.data ? { page, pageSize: PAGE_SIZE, total: list.data.total, onPageChange: setPage } : undefined}
        columns={[
          {
            key: "select",
            header: "Select",
            render: (item) =>
              item.status === "pending" ? (
                <input
                  type="checkbox"
                  aria-label={`Select ${item.email?.subject || item.emailId}`}
                  checked={selected.has(item.id)}
                  onChange={() => toggle(item.id)}
                />
              ) : null,
          },
          {
            key: "email",
            header: "Email",
            // Long subjects and addresses wrap anywhere, so Due, Status and Decision stay on the screen.
            className: "min-w-[10rem] [overflow-wrap:anywhere]",
            render: (item) =>
              item.email ? (
                <Link className="link" href={`/emails/${item.emailId}`}>
                  {item.email.subject || "(no subject)"}
                </Link>
              ) : (
                <span className="text-slate-500">deleted {item.destroyedAt ? formatDateTime(item.destroyedAt) : ""}</span>
              ),
          },
          {
            key: "sender",
            header: "Sender",
            className: "min-w-[8rem] [overflow-wrap:anywhere]",
            render: (item) => item.email?.senderEmail ?? "—",
          },
          { key: "rule", header: "Rule", className: "[overflow-wrap:anywhere]", render: (item) => `${item.rule.name} (${item.rule.type})` },
          { key: "due", header: "Due", className: "whitespace-nowrap", render: (item) => formatDate(item.dueAt) },
          {
            key: "status",
            header: "Status",
            className: "whitespace-nowrap",
            render: (item) => <span className={`badge ${STATUS_TONES[item.status]}`}>{item.status}</span>,
          },
          {
            key: "decision",
            header: "Decision",
            className: "min-w-[12rem] [overflow-wrap:anywhere]",
            render: (item) =>
              item.decidedAt ? (
                <span className="text-xs">
                  {item.decidedBy}, {formatDateTime(item.decidedAt)}: {item.comment}
                  {item.extendedUntil ? ` (until ${formatDate(item.extendedUntil)})` : ""}
                </span>
              ) : (
                "—"
              ),
          },
        ]}
      />
      {status === "pending" && items.length > 0 ? (
        <form className="card max-w-xl space-y-3" onSubmit={submit} aria-labelledby="decide-heading">
          <h2 id="decide-heading" className="text-lg font-medium">
            Decide {selected.size} selected
          </h2>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => setSelected(new Set(items.filter((item) => item.status === "pending").map((item) => item.id)))}
            >
              Select all on this page
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setSelected(new Set())}>
              Clear selection
            </button>
          </div>
          <SelectField
            label="Decision"
            name="decision"
            value={decision}
            onChange={(event) => setDecision(event.target.value as typeof decision)}
            options={[
              { value: "approve", label: "Approve deletion" },
              { value: "extend", label: "Extend retention" },
              { value: "relabel", label: "Relabel" },
            ]}
          />
          {decision === "extend" ? <TextField label="Days" name="days" type="number" min={1} required error={errors.days} /> : null}
          {decision === "relabel" ? (
            labels.data ? (
              <SelectField
                label="New label"
                name="labelId"
                required
                error={errors.labelId}
                options={labels.data
                  .filter((label) => !label.isDisabled)
                  .map((label) => ({ value: label.id, label: `${label.name} (${label.retentionPeriodDays} days)` }))}
              />
            ) : (
              <TextField label="New label id" name="labelId" required error={errors.labelId} />
            )
          ) : null}
          <TextAreaField
            label="Comment"
            name="comment"
            rows={2}
            required
            maxLength={2000}
            error={errors.comment}
            hint="Recorded in the audit log with your decision."
          />
          {decide.error && Object.keys(errors).length === 0 ? <FormError message={errorMessage(decide.error)} /> : null}
          <SubmitButton className="btn btn-primary" disabled={selected.size === 0 || decide.isPending}>
            Record decision
          </SubmitButton>
        </form>
      ) : null}
    </div>
  );
}
