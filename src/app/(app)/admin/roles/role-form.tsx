"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormError, TextField } from "@/components/form-field";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { draftOf, EMPTY_DRAFT, parseDrafts, type PolicyDraft } from "./policy-drafts";
import { PolicyEditor } from "./policy-editor";
import { SubmitButton } from "@/components/submit-button";

type Role = RouterOutputs["roles"]["list"][number];

/** Server field errors "policies.0.conditions" become the editor's "0.conditions". */
function splitServerErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const policy = /^policies\.(\d+)\.(\w+)/.exec(field);
    if (policy) errors[`${policy[1]}.${policy[2]}`] ??= message;
    else errors[field] ??= message;
  }
  return Object.keys(errors).length > 0 ? errors : { form: errorMessage(error) };
}

export function RoleForm({ role, onDone }: { role: Role | null; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const [name, setName] = useState(role?.name ?? "");
  const [drafts, setDrafts] = useState<PolicyDraft[]>(role ? role.policies.map(draftOf) : [EMPTY_DRAFT]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Suggestions only: a failed load leaves the inputs free text (and the sources as their ids).
  const suggestions = useQuery(trpc.roles.conditionValues.queryOptions());
  const onError = (error: unknown) => setErrors(splitServerErrors(error));
  const create = useMutation(trpc.roles.create.mutationOptions({ onSuccess: () => onDone("Role created"), onError }));
  const update = useMutation(trpc.roles.update.mutationOptions({ onSuccess: () => onDone("Role saved"), onError }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { policies, errors: found } = parseDrafts(drafts);
    if (name.trim() === "") found.name = "name is required";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (role) update.mutate({ id: role.id, name, policies });
    else create.mutate({ name, policies });
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={role ? "Edit role" : "New role"} noValidate>
      <TextField label="Role name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} required />
      <PolicyEditor drafts={drafts} errors={errors} suggestions={suggestions.data ?? { mailboxes: [], sources: [] }} onChange={setDrafts} />
      <FormError message={errors.form ?? errors.policies} />
      <div className="flex justify-end">
        <SubmitButton className="btn btn-primary" disabled={create.isPending || update.isPending}>
          {role ? "Save role" : "Create role"}
        </SubmitButton>
      </div>
    </form>
  );
}
