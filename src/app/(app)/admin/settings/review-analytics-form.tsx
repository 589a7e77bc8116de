"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormError, TextAreaField, TextField, zodFieldErrors } from "@/components/form-field";
import { useToast } from "@/components/toast";
import { errorMessage, useTRPC } from "@/lib/trpc";
import { settingsSchema } from "@/server/settings/settings.schemas";

const analyticsSettingsSchema = settingsSchema.pick({ nearDuplicateThreshold: true, ignorePatterns: true });

/** One pattern per line; blank lines and surrounding spaces do not count. */
const patternsOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The near-duplicate threshold and ignore patterns of review analytics (`nearDuplicateThreshold`
 * and `ignorePatterns` of GET/PUT /v1/settings). Saving a change re-groups near-duplicates in the
 * background; the server checks each pattern as the API does (safe against catastrophic backtracking).
 */
export function ReviewAnalyticsForm({ threshold, ignorePatterns }: { threshold: number; ignorePatterns: string[] }) {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [thresholdText, setThresholdText] = useState(String(threshold));
  const [patternsText, setPatternsText] = useState(ignorePatterns.join("\n"));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.settings.get.queryKey(), saved);
        toast("Review analytics settings saved: near-duplicates are regrouped in the background", "success");
      },
      onError: (error) => setErrors({ form: errorMessage(error) }),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { nearDuplicateThreshold: Number(thresholdText), ignorePatterns: patternsOf(patternsText) };
    const found = zodFieldErrors(analyticsSettingsSchema, values);
    // A pattern's message names its line, as the reviewer typed them.
    const patternError = Object.entries(found).find(([field]) => field.startsWith("ignorePatterns"));
    const fieldErrors = {
      ...(found.nearDuplicateThreshold ? { threshold: "A whole number from 50 to 100" } : {}),
      ...(patternError
        ? {
            patterns: patternError[0].includes(".")
              ? `Line ${Number(patternError[0].split(".")[1]) + 1}: ${patternError[1]}`
              : patternError[1],
          }
        : {}),
    };
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length === 0) update.mutate(values);
  };

  return (
    <section className="card space-y-3" aria-labelledby="review-analytics-heading">
      <h2 id="review-analytics-heading" className="font-medium">
        Review analytics
      </h2>
      <p className="text-sm text-slate-700">
        Emails whose own text is at least this similar to a group&apos;s longest text (its pivot) form a near-duplicate group. Text matching
        an ignore pattern (a disclaimer, a confidentiality notice) does not count. Saving a change regroups every email in the background;
        conversations and languages are kept.
      </p>
      <form className="space-y-3" onSubmit={submit} noValidate>
        <TextField
          label="Near-duplicate threshold (%)"
          name="nearDuplicateThreshold"
          type="number"
          min={50}
          max={100}
          step={1}
          value={thresholdText}
          onChange={(event) => setThresholdText(event.target.value)}
          error={errors.threshold}
          hint="50 to 100; 100 groups exact duplicates only."
        />
        <TextAreaField
          label="Ignore patterns"
          name="ignorePatterns"
          rows={4}
          value={patternsText}
          onChange={(event) => setPatternsText(event.target.value)}
          error={errors.patterns}
          hint="Regular expressions, one per line (up to 50), matched case-insensitively, e.g. CONFIDENTIALITY NOTICE:.*"
        />
        <FormError message={errors.form} />
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          Save review analytics settings
        </button>
      </form>
    </section>
  );
}
