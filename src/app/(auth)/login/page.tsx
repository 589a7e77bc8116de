"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { TextField } from "@/components/form-field";
import { SsoSignIn } from "@/components/sso-sign-in";
import { SubmitButton } from "@/components/submit-button";
import { asyncHandler } from "@/lib/async-handler";
import { MFA_REQUIRED_PREFIX, OIDC_MFA_FRAGMENT } from "@/server/identity/auth/mfa/mfa.schemas";

export default function LoginPage() {
  const router = useRouter();
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);
  /** Set once the password was right for an account with two-factor authentication: the form asks for the code. */
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  // A single sign-on of an account with TOTP enrolled comes back as /login#mfa=<mfaToken>: ask for the code.
  useEffect(() => {
    const fragment = window.location.hash.slice(1);
    if (!fragment.startsWith(OIDC_MFA_FRAGMENT)) return;
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    setMfaToken(decodeURIComponent(fragment.slice(OIDC_MFA_FRAGMENT.length)));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError("");
    const credentials = mfaToken
      ? { mfaToken, code: String(form.get("code")) }
      : { email: String(form.get("email")), password: String(form.get("password")) };
    const result = await signIn("credentials", { ...credentials, redirect: false });
    setPending(false);
    if (result?.ok) {
      // The home page sends each role to a page it may open.
      router.replace("/");
      router.refresh();
    } else if (result?.error?.startsWith(MFA_REQUIRED_PREFIX)) {
      setMfaToken(result.error.slice(MFA_REQUIRED_PREFIX.length));
    } else if (mfaToken) {
      setError(
        result?.error && result.error !== "CredentialsSignin" ? result.error : "Wrong code, or the sign-in took too long: try again.",
      );
    } else setError(result?.error && result.error !== "CredentialsSignin" ? result.error : "Wrong email or password.");
  }

  if (mfaToken) {
    return (
      <form onSubmit={asyncHandler(submit)} className="card space-y-4" aria-label="Two-factor code">
        <h2 className="text-lg font-medium">Two-factor code</h2>
        <TextField label="Code from your authenticator app, or a recovery code" name="code" autoComplete="one-time-code" required />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <SubmitButton className="btn btn-primary w-full" disabled={pending}>
          {pending ? "Checking…" : "Verify"}
        </SubmitButton>
      </form>
    );
  }

  return (
    <form onSubmit={asyncHandler(submit)} className="card space-y-4" aria-label="Sign in">
      <h2 className="text-lg font-medium">Sign in</h2>
      <TextField label="Email" name="email" type="email" autoComplete="username" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <SubmitButton className="btn btn-primary w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </SubmitButton>
      <SsoSignIn />
    </form>
  );
}
