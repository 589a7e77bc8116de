"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Switch } from "@/components/switch";
import { useToast } from "@/components/toast";
import { errorMessage, useTRPC } from "@/lib/trpc";

/** The `phraseIndex` setting of GET/PUT /v1/settings: the worker builds or drops the word-pair index. */
export function PhraseIndexForm({ enabled }: { enabled: boolean }) {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.settings.get.queryKey(), saved);
        toast(
          saved.phraseIndex ? "Phrase index turned on: the worker builds it" : "Phrase index turned off: the worker drops it",
          "success",
        );
      },
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  return (
    <section className="card space-y-3" aria-labelledby="phrase-index-heading">
      <h2 id="phrase-index-heading" className="font-medium">
        Fast phrase search
      </h2>
      <p className="text-sm text-slate-700">
        For large archives (millions of emails). When on, the worker builds an index of adjacent word pairs in the background, so that a
        phrase of two common words (<code>&quot;and that&quot;</code>) is answered in milliseconds instead of seconds. Searches give the
        same results either way. It costs every import about a quarter of its speed and the database about 0.7-5 KB per email; turning it
        off drops the index. The System page shows its state and the build&apos;s progress.
      </p>
      <div className="flex items-center gap-3">
        <Switch
          checked={enabled}
          labelledBy="phrase-index-heading"
          disabled={update.isPending}
          onColor="bg-indigo-600"
          onClick={() => update.mutate({ phraseIndex: !enabled })}
        />
        <span className="text-sm text-slate-700" data-testid="phrase-index-setting">
          {enabled ? "On: phrases use the word-pair index once built" : "Off: phrases read each candidate's words"}
        </span>
      </div>
    </section>
  );
}
