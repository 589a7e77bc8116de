"use client";

import { FormError, TextAreaField, TextField } from "@/components/form-field";
import { errorMessage, fieldErrorsOf, type RouterOutputs } from "@/lib/trpc";

export type Hold = RouterOutputs["legalHolds"]["list"][number];

export function HoldFields({ hold, error }: { hold?: Hold; error: unknown }) {
  const errors = fieldErrorsOf(error);
  return (
    <>
      <TextField label="Name" name="name" defaultValue={hold?.name} required maxLength={255} error={errors.name} />
      <TextAreaField label="Reason" name="reason" defaultValue={hold?.reason ?? ""} maxLength={2000} rows={3} error={errors.reason} />
      {error && Object.keys(errors).length === 0 ? <FormError message={errorMessage(error)} /> : null}
    </>
  );
}

export function holdInput(form: HTMLFormElement) {
  const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
  return { name: values.name ?? "", reason: values.reason ? values.reason : null };
}
