"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable, type Column } from "@/components/data-table";
import { FormDialog } from "@/components/dialog";
import { useToast } from "@/components/toast";
import { formatNumber } from "@/lib/format";
import { errorMessage, useTRPC } from "@/lib/trpc";
import { HoldFields, holdInput, type Hold } from "./hold-form";
import { useHoldChange } from "./use-hold-change";

export const DELETE_RULE = "An active hold protects its emails and cannot be deleted: deactivate it first.";

/** The holds with their actions: edit, (de)activate, release all, delete. */
export function HoldsTable(props: {
  holds: Hold[] | undefined;
  loading: boolean;
  onView: (hold: Hold) => void;
  onDeleted: (id: string) => void;
}) {
  const { onView } = props;
  const trpc = useTRPC();
  const toast = useToast();
  const refresh = useHoldChange();
  const [editing, setEditing] = useState<Hold | null>(null);
  const [releasing, setReleasing] = useState<Hold | null>(null);
  const [deleting, setDeleting] = useState<Hold | null>(null);
  const onError = (error: unknown) => toast(errorMessage(error), "error");
  const update = useMutation(trpc.legalHolds.update.mutationOptions({ onSuccess: refresh, onError }));
  const edit = useMutation(
    trpc.legalHolds.update.mutationOptions({
      onSuccess: (hold) => {
        setEditing(null);
        toast(`Hold "${hold.name}" saved`);
        return refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.legalHolds.delete.mutationOptions({
      onSuccess: (_result, { id }) => {
        props.onDeleted(id);
        toast("Hold deleted");
        return refresh();
      },
      onError,
    }),
  );
  const releaseAll = useMutation(
    trpc.legalHolds.releaseAll.mutationOptions({
      onSuccess: (result) => (toast(`Released ${formatNumber(result.emailsReleased)} emails from the hold`), refresh()),
      onError,
    }),
  );

  function submitEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (editing) edit.mutate({ id: editing.id, ...holdInput(event.currentTarget) });
  }

  const columns: Column<Hold>[] = [
    {
      key: "name",
      header: "Name",
      render: (hold) => <span className="font-medium">{hold.name}</span>,
      sortValue: (hold) => hold.name.toLowerCase(),
    },
    { key: "reason", header: "Reason", render: (hold) => hold.reason ?? "", className: "max-w-xs" },
    {
      key: "state",
      header: "State",
      sortValue: (hold) => hold.isActive,
      render: (hold) =>
        hold.isActive ? (
          <span className="badge bg-amber-100 text-amber-900">Active</span>
        ) : (
          <span className="badge bg-slate-200 text-slate-800">Inactive</span>
        ),
    },
    {
      key: "emails",
      header: "Emails",
      className: "text-right",
      sortValue: (hold) => hold.emailCount,
      render: (hold) => (
        <button
          type="button"
          className="link"
          onClick={() => onView(hold)}
          aria-label={`Show the ${hold.emailCount} emails of ${hold.name}`}
        >
          {formatNumber(hold.emailCount)}
        </button>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      render: (hold) => (
        <span className="flex flex-wrap gap-1">
          <button type="button" className="btn btn-sm" onClick={() => onView(hold)}>
            Emails
          </button>
          <button type="button" className="btn btn-sm" onClick={() => (edit.reset(), setEditing(hold))}>
            Edit
          </button>
          <button type="button" className="btn btn-sm" onClick={() => update.mutate({ id: hold.id, isActive: !hold.isActive })}>
            {hold.isActive ? "Deactivate" : "Activate"}
          </button>
          <button type="button" className="btn btn-sm" disabled={hold.emailCount === 0} onClick={() => setReleasing(hold)}>
            Release all
          </button>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={hold.isActive}
            aria-describedby={hold.isActive ? "hold-delete-rule" : undefined}
            title={hold.isActive ? DELETE_RULE : undefined}
            onClick={() => setDeleting(hold)}
          >
            Delete
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <DataTable
        rows={props.holds}
        columns={columns}
        rowKey={(hold) => hold.id}
        rowTestId={(hold) => `hold-${hold.name}`}
        caption="Legal holds"
        loading={props.loading}
        emptyTitle="No legal hold yet."
      />
      <FormDialog
        open={editing !== null}
        title={`Edit hold ${editing?.name ?? ""}`}
        formLabel="Edit legal hold"
        submitLabel="Save hold"
        busy={edit.isPending}
        onClose={() => setEditing(null)}
        onSubmit={submitEdit}
      >
        {editing ? <HoldFields hold={editing} error={edit.error} /> : null}
      </FormDialog>
      <ConfirmDialog
        open={releasing !== null}
        title={`Release every email from ${releasing?.name ?? ""}?`}
        confirmLabel="Release all"
        danger
        typedConfirmation={releasing?.name}
        onClose={() => setReleasing(null)}
        onConfirm={() => {
          if (releasing) releaseAll.mutate({ id: releasing.id });
          setReleasing(null);
        }}
      >
        <p>
          All {formatNumber(releasing?.emailCount)} links of this hold are removed and the emails lose its protection at once; the hold
          itself is kept. Emails whose retention has expired are deleted by the next lifecycle cycle.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete hold ${deleting?.name ?? ""}?`}
        confirmLabel="Delete hold"
        danger
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ id: deleting.id });
          setDeleting(null);
        }}
      >
        <p>The hold and its {formatNumber(deleting?.emailCount)} links are removed. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
