"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { SelectField, TextField } from "@/components/form-field";
import { Skeleton } from "@/components/skeleton";
import { useToast } from "@/components/toast";
import { errorMessage, useTRPC } from "@/lib/trpc";

interface Rule {
  group: string;
  roleId: string;
}

/** The group-to-role mapping of single sign-on and LDAP (GET/PUT /v1/settings/sso-role-mapping). */
export function SsoRoleMappingForm() {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const mapping = useQuery(trpc.sso.roleMapping.queryOptions());
  const status = useQuery(trpc.sso.status.queryOptions());
  const roles = useQuery(trpc.roles.list.queryOptions());
  const [rules, setRules] = useState<Rule[]>([]);
  const [defaultRoleId, setDefaultRoleId] = useState("");
  useEffect(() => {
    if (!mapping.data) return;
    setRules(mapping.data.mappings);
    setDefaultRoleId(mapping.data.defaultRoleId ?? "");
  }, [mapping.data]);
  const save = useMutation(
    trpc.sso.updateRoleMapping.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.sso.roleMapping.queryKey(), saved);
        toast("Role mapping saved", "success");
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );

  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  const update = (index: number, change: Partial<Rule>) =>
    setRules(rules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)));
  const sources = [status.data?.oidc && `single sign-on (${status.data.oidc})`, status.data?.ldap && "LDAP"].filter(Boolean).join(" and ");

  return (
    <section className="card space-y-3" aria-labelledby="sso-heading">
      <h2 id="sso-heading" className="font-medium">
        Directory groups and roles
      </h2>
      <p className="text-sm text-slate-700">
        Users who sign in through {sources || "single sign-on or LDAP (neither is configured yet)"} get the role of the first rule below
        whose group they belong to, or the default role. The mapping is applied again at every sign-in: leaving a group removes its role at
        the next sign-in and ends the user&apos;s other sessions.{" "}
        {status.data?.ssoOnly && "Password sign-in is off (SSO_ONLY) except for the break-glass account."}
      </p>
      {!mapping.data || !roles.data ? (
        <Skeleton lines={3} />
      ) : (
        <form
          className="space-y-3"
          aria-label="Group to role mapping"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ mappings: rules, defaultRoleId: defaultRoleId || null });
          }}
        >
          {rules.map((rule, index) => (
            <div key={index} className="flex flex-wrap items-end gap-3">
              <TextField
                label={`Group ${index + 1}`}
                value={rule.group}
                required
                maxLength={1024}
                onChange={(event) => update(index, { group: event.target.value })}
              />
              <SelectField
                label={`Role for group ${index + 1}`}
                options={roleOptions}
                value={rule.roleId}
                onChange={(event) => update(index, { roleId: event.target.value })}
              />
              <button type="button" className="btn btn-sm" onClick={() => setRules(rules.filter((_, at) => at !== index))}>
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-sm"
            disabled={roleOptions.length === 0}
            onClick={() => setRules([...rules, { group: "", roleId: roleOptions[0]?.value ?? "" }])}
          >
            Add group
          </button>
          <SelectField
            label="Role when no group matches"
            options={[{ value: "", label: "No role" }, ...roleOptions]}
            value={defaultRoleId}
            onChange={(event) => setDefaultRoleId(event.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save mapping"}
          </button>
        </form>
      )}
    </section>
  );
}
