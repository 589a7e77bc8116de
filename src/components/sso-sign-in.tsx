"use client";

import { getProviders, signIn } from "next-auth/react";
import { useEffect, useState } from "react";
import { asyncHandler } from "@/lib/async-handler";

/** What the sign-in page says when next-auth comes back from the identity provider with `?error=`. */
const SSO_ERRORS: Record<string, string> = {
  AccessDenied:
    "Single sign-on did not let you in: the account is disabled, its email is not verified, or the identity provider is not the configured one.",
  OAuthCallback: "Single sign-on failed: the identity provider's answer could not be verified. Try again or ask your administrator.",
  OAuthSignin: "Single sign-on could not start: the identity provider cannot be reached. Try again later.",
};

/** "Sign in with <OIDC_DISPLAY_NAME>" when single sign-on is configured, and the outcome of a failed attempt. */
export function SsoSignIn() {
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get("error");
    if (code && code in SSO_ERRORS) setError(SSO_ERRORS[code]);
    // getProviders answers null when it fails (next-auth logs it): the page then shows no SSO button.
    void getProviders().then((providers) => setName(providers?.oidc?.name ?? null));
  }, []);

  if (!name && !error) return null;
  return (
    <div className="space-y-3 border-t border-slate-200 pt-4">
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {name && (
        <button type="button" className="btn w-full" onClick={asyncHandler(() => signIn("oidc", { callbackUrl: "/" }))}>
          Sign in with {name}
        </button>
      )}
    </div>
  );
}
