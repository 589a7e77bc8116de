"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useInvalidate } from "@/lib/use-invalidate";
import Link from "next/link";
import type { FormEvent } from "react";
import { DataTable, type Column } from "@/components/data-table";
import { ErrorNotice } from "@/components/error-notice";
import { FormError, TextAreaField, TextField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { formatDateTime } from "@/lib/format";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { CaseStatusBadge, splitAddresses } from "./case-parts";

type Case = RouterOutputs["ediscovery"]["list"][number];

/** The cases the user works on (all of them with manage:all): open one, create one, close or reopen. */
export default function CasesPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const can = useCapabilities();
  const invalidate = useInvalidate();
  const cases = useQuery(trpc.ediscovery.list.queryOptions());
  // Closing a case deactivates its holds, which changes what protects their emails.
  const refresh = () => invalidate(trpc.ediscovery.pathFilter(), trpc.legalHolds.pathFilter(), trpc.lifecycle.pathFilter());
  const create = useMutation(
    trpc.ediscovery.create.mutationOptions({ onSuccess: (matter) => (toast(`Case "${matter.name}" created`), refresh()) }),
  );
  const update = useMutation(
    trpc.ediscovery.update.mutationOptions({ onSuccess: refresh, onError: (error) => toast(errorMessage(error), "error") }),
  );
  const errors = fieldErrorsOf(create.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    create.mutate(
      { name: values.name ?? "", description: values.description || null, custodians: splitAddresses(values.custodians ?? "") },
      { onSuccess: () => form.reset() },
    );
  }

  const columns: Column<Case>[] = [
    {
      key: "name",
      header: "Name",
      sortValue: (row) => row.name.toLowerCase(),
      render: (row) => (
        <Link href={`/cases/${row.id}`} className="link font-medium">
          {row.name}
        </Link>
      ),
    },
    { key: "status", header: "Status", sortValue: (row) => row.status, render: (row) => <CaseStatusBadge status={row.status} /> },
    { key: "custodians", header: "Custodians", render: (row) => (row.custodians.length ? row.custodians.join(", ") : "All mailboxes") },
    {
      key: "members",
      header: "Members",
      sortValue: (row) => row.memberIds.length,
      render: (row) => row.memberIds.length,
      className: "text-right",
    },
    { key: "createdAt", header: "Created", sortValue: (row) => row.createdAt, render: (row) => formatDateTime(row.createdAt) },
    {
      key: "actions",
      header: "Actions",
      render: (row) =>
        can.manageEdiscovery ? (
          <button
            type="button"
            className="btn btn-sm"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: row.id, status: row.status === "open" ? "closed" : "open" })}
          >
            {row.status === "open" ? `Close ${row.name}` : `Reopen ${row.name}`}
          </button>
        ) : null,
    },
  ];

  return (
    <div className="space-y-6">
      <h1 className="page-title">Cases</h1>
      <p className="text-sm text-slate-600">
        A case gathers a matter&apos;s custodians, holds, saved searches, review tags and signed productions. Closing a case deactivates its
        holds, so only a user who manages holds may close a case that still has active ones.
      </p>
      <ErrorNotice error={cases.error} />
      <DataTable
        rows={cases.data}
        columns={columns}
        rowKey={(row) => row.id}
        caption="Cases"
        loading={cases.isLoading}
        emptyTitle="No case yet"
        emptyText="Create one below; only its members (and administrators) see it."
      />
      {can.manageEdiscovery ? (
        <form onSubmit={submit} className="card max-w-xl space-y-3" aria-label="New case" noValidate>
          <h2 className="font-medium">New case</h2>
          <TextField label="Name" name="name" required maxLength={255} error={errors.name} />
          <TextAreaField label="Description" name="description" maxLength={2000} rows={2} error={errors.description} />
          <TextAreaField
            label="Custodians (mailbox addresses, one per line or comma-separated; empty for every mailbox)"
            name="custodians"
            rows={2}
            error={errors.custodians}
          />
          {create.error && Object.keys(errors).length === 0 ? <FormError message={errorMessage(create.error)} /> : null}
          <SubmitButton className="btn btn-primary" disabled={create.isPending}>
            Create case
          </SubmitButton>
        </form>
      ) : null}
    </div>
  );
}
