"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormError, SelectField, TextField, zodFieldErrors } from "@/components/form-field";
import { useCapabilities } from "@/lib/capabilities";
import { errorMessage, fieldErrorsOf, useTRPC, type RouterOutputs } from "@/lib/trpc";
import { createUserSchema, updateUserSchema } from "@/server/identity/users/users.schemas";
import { SubmitButton } from "@/components/submit-button";

type User = RouterOutputs["users"]["list"][number];
type Role = RouterOutputs["roles"]["list"][number];

/**
 * Creates a user (with a password) or edits one's name, email and role; errors show inline. Editing
 * oneself asks for the current password, which the server requires to change one's own email.
 */
export function UserForm({ user, roles, onDone }: { user: User | null; roles: Role[]; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const signedIn = useCapabilities().user;
  const isSelf = user !== null && user.id === signedIn.id;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    setErrors(Object.keys(fields).length > 0 ? fields : { form: errorMessage(error) });
  };
  const create = useMutation(trpc.users.create.mutationOptions({ onSuccess: () => onDone("User created"), onError }));
  const update = useMutation(trpc.users.update.mutationOptions({ onSuccess: () => onDone("User saved"), onError }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const fields = { email: form.email, first_name: form.first_name, last_name: form.last_name, roleId: form.roleId || null };
    const values = user
      ? { ...fields, ...(form.currentPassword ? { currentPassword: form.currentPassword } : {}) }
      : { ...fields, password: form.password };
    const found = zodFieldErrors(user ? updateUserSchema : createUserSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (user) update.mutate({ id: user.id, ...values });
    else create.mutate({ ...fields, password: form.password });
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={user ? "Edit user" : "New user"} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="First name" name="first_name" defaultValue={user?.first_name} error={errors.first_name} required />
        <TextField label="Last name" name="last_name" defaultValue={user?.last_name} error={errors.last_name} required />
      </div>
      <TextField label="Email" name="email" type="email" defaultValue={user?.email} error={errors.email} required />
      {isSelf && (
        <TextField
          label="Your current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
          hint="Needed only to change your own email."
        />
      )}
      {!user && (
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint="At least 8 characters."
          required
        />
      )}
      <SelectField
        label="Role"
        name="roleId"
        defaultValue={user?.role?.id ?? ""}
        error={errors.roleId}
        options={[{ value: "", label: "No role (no access)" }, ...roles.map((role) => ({ value: role.id, label: role.name }))]}
      />
      <FormError message={errors.form} />
      <div className="flex justify-end">
        <SubmitButton className="btn btn-primary" disabled={create.isPending || update.isPending}>
          {user ? "Save user" : "Create user"}
        </SubmitButton>
      </div>
    </form>
  );
}
