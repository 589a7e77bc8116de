"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { QRCodeSVG } from "qrcode.react";
import { useState, type FormEvent } from "react";
import { ErrorNotice } from "@/components/error-notice";
import { TextField } from "@/components/form-field";
import { useToast } from "@/components/toast";
import { errorMessage, useTRPC } from "@/lib/trpc";

/** The caller's own two-factor authentication: enrol with a QR code (rendered locally), or turn it off. */
export default function TwoFactorPage() {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const router = useRouter();
  const status = useQuery(trpc.account.mfaStatus.queryOptions());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.account.mfaStatus.queryFilter());
  const setup = useMutation(trpc.account.setupTotp.mutationOptions({ onError: (error) => toast(errorMessage(error), "error") }));
  const enable = useMutation(
    trpc.account.enableTotp.mutationOptions({
      // The layout re-renders too: a user who had to enrol gets the whole navigation back.
      onSuccess: (result) => (setRecoveryCodes(result.recoveryCodes), void refresh(), router.refresh()),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const disable = useMutation(
    trpc.account.disableMfa.mutationOptions({
      // Disabling ends every session, this one included: sign in again.
      onSuccess: () => window.location.assign("/login"),
      onError: (error) => toast(errorMessage(error), "error"),
    }),
  );
  const field = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? "");

  return (
    <div className="space-y-4">
      <h1 className="page-title">Two-factor authentication</h1>
      <ErrorNotice error={status.error} />
      {recoveryCodes && (
        <section className="card space-y-2" aria-label="Recovery codes">
          <p>
            Two-factor authentication is on. Keep these recovery codes somewhere safe: each signs in once, and they are not shown again.
          </p>
          <ul className="grid grid-cols-2 gap-1 font-mono">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </section>
      )}
      {status.data?.enabled === false && !recoveryCodes && (
        <section className="card space-y-3">
          {!setup.data ? (
            <button className="btn btn-primary" disabled={setup.isPending} onClick={() => setup.mutate()}>
              Set up an authenticator app
            </button>
          ) : (
            <form
              className="space-y-3"
              aria-label="Enable two-factor authentication"
              onSubmit={(event) => (event.preventDefault(), enable.mutate({ code: field(event, "code") }))}
            >
              <p>Scan the code with your authenticator app, or enter the secret by hand, then type the 6-digit code it shows.</p>
              <QRCodeSVG value={setup.data.otpauthUrl} size={180} title="Authenticator QR code" />
              <p>
                Secret: <code data-testid="totp-secret">{setup.data.secret}</code>
              </p>
              <TextField label="Code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
              <button className="btn btn-primary" disabled={enable.isPending}>
                Enable
              </button>
            </form>
          )}
        </section>
      )}
      {status.data?.enabled && !recoveryCodes && (
        <form
          className="card space-y-3"
          aria-label="Disable two-factor authentication"
          onSubmit={(event) => (event.preventDefault(), disable.mutate({ password: field(event, "password"), code: field(event, "code") }))}
        >
          <p>Two-factor authentication is on ({status.data.recoveryCodesLeft} recovery codes left).</p>
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
          <TextField label="Code or recovery code" name="code" autoComplete="one-time-code" required />
          <button className="btn btn-danger" disabled={disable.isPending}>
            Disable two-factor authentication
          </button>
        </form>
      )}
    </div>
  );
}
