"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { BarChart, fillPeriods, weeksAhead } from "@/components/bar-chart";
import { DataTable } from "@/components/data-table";
import { ErrorNotice } from "@/components/error-notice";
import { TextField } from "@/components/form-field";
import { Skeleton } from "@/components/skeleton";
import { formatDate, formatNumber } from "@/lib/format";
import { fieldErrorsOf, useTRPC } from "@/lib/trpc";
import { SubmitButton } from "@/components/submit-button";

/** Deletions the lifecycle will make within N days if nothing changes, by rule and by week, and the emails heading to review instead. */
export function ForecastSection() {
  const trpc = useTRPC();
  const [days, setDays] = useState(90);
  const forecast = useQuery(trpc.lifecycle.forecast.queryOptions({ days }));
  const errors = fieldErrorsOf(forecast.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("days") ?? "");
    setDays(value.trim() === "" ? Number.NaN : Number(value));
  }

  const data = forecast.data;
  return (
    <section aria-labelledby="forecast-heading" className="space-y-3">
      <h2 id="forecast-heading" className="text-lg font-medium">
        Deletion and review forecast
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Forecast horizon" noValidate>
        <div className="w-40">
          <TextField label="Days ahead" name="days" type="number" min={0} max={3650} defaultValue={90} error={errors.days} />
        </div>
        <SubmitButton className="btn">Update forecast</SubmitButton>
      </form>
      {forecast.error && !errors.days ? <ErrorNotice error={forecast.error} /> : null}
      {forecast.isLoading ? <Skeleton lines={3} /> : null}
      {data ? (
        <div className="space-y-3">
          <p className="text-sm" data-testid="forecast-total">
            <strong>{formatNumber(data.total)}</strong> email{data.total === 1 ? "" : "s"} expected to be deleted by{" "}
            {formatDate(data.horizon)} ({data.days} days); <strong>{formatNumber(data.dueNow)}</strong> due at the next cycle. Emails under
            an active legal hold are not counted.
          </p>
          <p className="text-sm" data-testid="forecast-reviews">
            {data.reviews.awaitingDecision + data.reviews.upcoming === 0 ? (
              "No email heads to disposition review within this horizon."
            ) : (
              <>
                <strong>{formatNumber(data.reviews.awaitingDecision + data.reviews.upcoming)}</strong> email
                {data.reviews.awaitingDecision + data.reviews.upcoming === 1 ? " heads" : "s head"} to disposition review instead of
                deletion: <strong>{formatNumber(data.reviews.awaitingDecision)}</strong> awaiting a decision now,{" "}
                <strong>{formatNumber(data.reviews.upcoming)}</strong> becoming due by {formatDate(data.horizon)}. They are deleted only
                once a reviewer approves.
              </>
            )}
          </p>
          {data.reviews.byRule.length > 0 ? (
            <DataTable
              caption="Emails heading to review by rule"
              rows={data.reviews.byRule}
              rowKey={(rule) => `${rule.type}-${rule.id}`}
              columns={[
                { key: "type", header: "Rule", render: (rule) => (rule.type === "label" ? "Label" : "Policy") },
                { key: "name", header: "Name", sortValue: (rule) => rule.name.toLowerCase(), render: (rule) => rule.name },
                {
                  key: "awaiting",
                  header: "Awaiting decision",
                  className: "text-right",
                  sortValue: (rule) => rule.awaitingDecision,
                  render: (rule) => formatNumber(rule.awaitingDecision),
                },
                {
                  key: "upcoming",
                  header: "Due for review later",
                  className: "text-right",
                  sortValue: (rule) => rule.upcoming,
                  render: (rule) => formatNumber(rule.upcoming),
                },
              ]}
            />
          ) : null}
          <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
            <DataTable
              caption="Expected deletions by rule"
              rows={data.byRule}
              rowKey={(rule) => `${rule.type}-${rule.id}`}
              emptyTitle="No deletion expected"
              emptyText="No label or enabled policy makes an email due within this horizon."
              columns={[
                {
                  key: "type",
                  header: "Rule",
                  sortValue: (rule) => rule.type,
                  render: (rule) => (rule.type === "label" ? "Label" : "Policy"),
                },
                { key: "name", header: "Name", sortValue: (rule) => rule.name.toLowerCase(), render: (rule) => rule.name },
                {
                  key: "period",
                  header: "Period",
                  sortValue: (rule) => rule.retentionPeriodDays,
                  render: (rule) => `${formatNumber(rule.retentionPeriodDays)} days`,
                },
                {
                  key: "count",
                  header: "Emails",
                  sortValue: (rule) => rule.count,
                  className: "text-right",
                  render: (rule) => formatNumber(rule.count),
                },
              ]}
            />
            <BarChart
              title={`Deletions expected per week (next ${data.days} days)`}
              unit="deletions expected"
              emptyText="No deletion expected within this horizon."
              bars={fillPeriods(
                weeksAhead(new Date(data.generatedAt), data.days),
                data.byWeek.map((week) => ({ period: week.weekStart, count: week.count })),
              )}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}
