"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useToast } from "@/components/toast";
import { asyncHandler } from "@/lib/async-handler";
import { errorMessage, useTRPC } from "@/lib/trpc";

const today = () => new Date().toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

/**
 * The certificate of destruction of a period (the same signed document as
 * GET /api/v1/enterprise/retention-policy/dispositions/certificate), saved as a JSON file: the CSV of
 * destroyed emails, its Ed25519 signature and the public key that checks it (docs/retention.md).
 */
export function CertificateSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setBusy(true);
    try {
      const certificate = await queryClient.fetchQuery({
        ...trpc.dispositions.certificate.queryOptions({ from: form.from, to: form.to }),
        staleTime: 0,
      });
      const url = URL.createObjectURL(new Blob([JSON.stringify(certificate, null, 2)], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `certificate-of-destruction-${form.from}-to-${form.to}.json`;
      link.click();
      URL.revokeObjectURL(url);
      toast(`Certificate of ${certificate.count} destroyed email${certificate.count === 1 ? "" : "s"} downloaded`, "success");
    } catch (error) {
      toast(errorMessage(error), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="certificate-heading" className="space-y-3">
      <h2 id="certificate-heading" className="text-lg font-medium">
        Certificate of destruction
      </h2>
      <form onSubmit={asyncHandler(download)} className="card flex flex-wrap items-end gap-3" aria-label="Certificate of destruction">
        <label className="block text-sm">
          From <input type="date" name="from" defaultValue={yearAgo()} className="input" required />
        </label>
        <label className="block text-sm">
          To <input type="date" name="to" defaultValue={today()} className="input" required />
        </label>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? "Preparing…" : "Download certificate"}
        </button>
        <p className="w-full text-xs text-slate-600">
          Every email destroyed in the period, each with its hash: those a retention rule deleted with that rule (and the reviewer who
          approved it, for a rule that asks for review), and those deleted by hand with who deleted them. Signed with the
          installation&apos;s key.
        </p>
      </form>
    </section>
  );
}
