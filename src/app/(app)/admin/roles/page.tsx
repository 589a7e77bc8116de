"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable } from "@/components/data-table";
import { Dialog } from "@/components/dialog";
import { ErrorNotice } from "@/components/error-notice";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { errorMessage, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { RoleForm } from "./role-form";

type Role = RouterOutputs["roles"]["list"][number];

const isPredefined = (role: Role) => role.slug.startsWith("predefined_");

function PolicyList({ role }: { role: Role }) {
  if (role.policies.length === 0) return <span className="text-slate-500">none</span>;
  return (
    <ul className="space-y-0.5">
      {role.policies.map((policy, index) => (
        <li key={index}>
          <code className="rounded bg-slate-100 px-1">
            {policy.action}:{policy.subject}
          </code>
          {Object.keys(policy.conditions).length > 0 && (
            <code className="ml-1 text-xs text-slate-600">{JSON.stringify(policy.conditions)}</code>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function RolesPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const can = useCapabilities();
  const queryClient = useQueryClient();
  const roles = useQuery({ ...trpc.roles.list.queryOptions(), enabled: can.readUsers });
  const [editing, setEditing] = useState<Role | "new" | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.roles.list.queryFilter());
  const remove = useMutation(
    trpc.roles.delete.mutationOptions({
      onSuccess: () => (toast("Role deleted", "success"), refresh()),
      onError: (error) => toast(errorMessage(error), "error"),
      onSettled: () => setDeleting(null),
    }),
  );

  if (!can.readUsers) return <ErrorNotice title="Not allowed" error={new Error("Your role may not view roles.")} />;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="page-title">Roles</h1>
        {can.manageUsers && (
          <button className="btn btn-primary" onClick={() => setEditing("new")}>
            New role
          </button>
        )}
      </div>
      <ErrorNotice error={roles.error} />
      <DataTable
        caption="Roles"
        rows={roles.data}
        loading={roles.isLoading}
        rowKey={(role) => role.id}
        columns={[
          {
            key: "name",
            header: "Name",
            sortValue: (role) => role.name.toLowerCase(),
            render: (role) => (
              <span className="font-medium" data-testid={`role-${role.name}`}>
                {role.name}
                {isPredefined(role) && <span className="badge ml-2 bg-slate-100 text-slate-700">Predefined</span>}
              </span>
            ),
          },
          { key: "policies", header: "Policies", render: (role) => <PolicyList role={role} /> },
          ...(can.manageUsers
            ? [
                {
                  key: "actions",
                  header: "Actions",
                  render: (role: Role) =>
                    isPredefined(role) ? (
                      <span className="text-xs text-slate-500">Built in; cannot be changed</span>
                    ) : (
                      <span className="flex flex-wrap gap-1">
                        <button className="btn btn-sm" onClick={() => setEditing(role)} aria-label={`Edit role ${role.name}`}>
                          Edit
                        </button>
                        <button className="btn btn-sm btn-danger" onClick={() => setDeleting(role)} aria-label={`Delete role ${role.name}`}>
                          Delete
                        </button>
                      </span>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Dialog open={editing !== null} wide title={editing === "new" ? "New role" : "Edit role"} onClose={() => setEditing(null)}>
        {editing !== null && (
          <RoleForm
            role={editing === "new" ? null : editing}
            onDone={(message) => {
              setEditing(null);
              toast(message, "success");
              // invalidateQueries never rejects: a failed refetch shows in the query's error state.
              void refresh();
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete role"
        confirmLabel="Delete role"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      >
        <p>
          Delete the role <strong>{deleting?.name}</strong>? A role still assigned to users cannot be deleted; reassign them first.
        </p>
      </ConfirmDialog>
    </div>
  );
}
