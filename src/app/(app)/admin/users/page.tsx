"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable } from "@/components/data-table";
import { Dialog } from "@/components/dialog";
import { ErrorNotice } from "@/components/error-notice";
import { useToast } from "@/components/toast";
import { useCapabilities } from "@/lib/capabilities";
import { formatDateTime } from "@/lib/format";
import { errorMessage, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { UserForm } from "./user-form";

type User = RouterOutputs["users"]["list"][number];

export default function UsersPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const can = useCapabilities();
  const queryClient = useQueryClient();
  const users = useQuery({ ...trpc.users.list.queryOptions(), enabled: can.readUsers });
  const roles = useQuery({ ...trpc.roles.list.queryOptions(), enabled: can.manageUsers });
  const [editing, setEditing] = useState<User | "new" | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [signingOut, setSigningOut] = useState<User | null>(null);
  const setDisabled = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: (user) => (
        toast(user.disabled ? "User disabled" : "User enabled", "success"),
        queryClient.invalidateQueries(trpc.users.list.queryFilter())
      ),
      // The server's own words, e.g. that the last active administrator cannot be disabled.
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const revokeSessions = useMutation(
    trpc.users.revokeSessions.mutationOptions({
      onSuccess: () => toast("Signed out everywhere", "success"),
      onError: (error) => toast(errorMessage(error), "error"),
      onSettled: () => setSigningOut(null),
    }),
  );
  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: () => (toast("User deleted", "success"), queryClient.invalidateQueries(trpc.users.list.queryFilter())),
      // The server's own words, e.g. that the last remaining user cannot be deleted.
      onError: (error) => toast(errorMessage(error), "error"),
      onSettled: () => setDeleting(null),
    }),
  );

  if (!can.readUsers) return <ErrorNotice title="Not allowed" error={new Error("Your role may not view users.")} />;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="page-title">Users</h1>
        {can.manageUsers ? (
          <button className="btn btn-primary" onClick={() => setEditing("new")}>
            New user
          </button>
        ) : (
          <p className="text-sm text-slate-600">Read-only view: your role may list users but not change them.</p>
        )}
      </div>
      <ErrorNotice error={users.error} />
      <DataTable
        caption="Users"
        rows={users.data}
        loading={users.isLoading}
        rowKey={(user) => user.id}
        columns={[
          {
            key: "name",
            header: "Name",
            sortValue: (user) => `${user.first_name} ${user.last_name}`.toLowerCase(),
            render: (user) => `${user.first_name} ${user.last_name}`,
          },
          { key: "email", header: "Email", sortValue: (user) => user.email, render: (user) => user.email },
          {
            key: "role",
            header: "Role",
            sortValue: (user) => user.role?.name ?? "",
            render: (user) => user.role?.name ?? <span className="text-slate-500">no role</span>,
          },
          { key: "created", header: "Created", sortValue: (user) => user.createdAt, render: (user) => formatDateTime(user.createdAt) },
          {
            key: "status",
            header: "Status",
            sortValue: (user) => user.disabled,
            render: (user) => (user.disabled ? <span className="badge bg-red-100 text-red-900">disabled</span> : "active"),
          },
          ...(can.manageUsers
            ? [
                {
                  key: "actions",
                  header: "Actions",
                  render: (user: User) => (
                    <span className="flex flex-wrap gap-1">
                      <button className="btn btn-sm" onClick={() => setEditing(user)} aria-label={`Edit ${user.email}`}>
                        Edit
                      </button>
                      <button
                        className="btn btn-sm"
                        disabled={setDisabled.isPending}
                        onClick={() => setDisabled.mutate({ id: user.id, disabled: !user.disabled })}
                        aria-label={`${user.disabled ? "Enable" : "Disable"} ${user.email}`}
                      >
                        {user.disabled ? "Enable" : "Disable"}
                      </button>
                      <button className="btn btn-sm" onClick={() => setSigningOut(user)} aria-label={`Sign out ${user.email} everywhere`}>
                        Sign out everywhere
                      </button>
                      <button className="btn btn-sm btn-danger" onClick={() => setDeleting(user)} aria-label={`Delete ${user.email}`}>
                        Delete
                      </button>
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Dialog open={editing !== null} title={editing === "new" ? "New user" : "Edit user"} onClose={() => setEditing(null)}>
        {editing !== null && (
          <UserForm
            user={editing === "new" ? null : editing}
            roles={roles.data ?? []}
            onDone={(message) => {
              setEditing(null);
              toast(message, "success");
              // invalidateQueries never rejects: a failed refetch shows in the query's error state.
              void queryClient.invalidateQueries(trpc.users.list.queryFilter());
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user"
        confirmLabel="Delete user"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      >
        <p>
          Delete <strong>{deleting?.email}</strong>? Their API keys are revoked with them. The last remaining user cannot be deleted.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={signingOut !== null}
        title="Sign out everywhere"
        confirmLabel="Sign out everywhere"
        busy={revokeSessions.isPending}
        onConfirm={() => signingOut && revokeSessions.mutate({ id: signingOut.id })}
        onClose={() => setSigningOut(null)}
      >
        <p>
          End every session and access token of <strong>{signingOut?.email}</strong>? They must sign in again. Their API keys keep working
          until revoked.
        </p>
      </ConfirmDialog>
    </div>
  );
}
