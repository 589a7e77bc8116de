"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { TextField } from "@/components/form-field";
import { SsoSignIn } from "@/components/sso-sign-in";
import { SubmitButton } from "@/components/submit-button";

export default function LoginPage() {
  const router = useRouter();
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError("");
    const result = await signIn("credentials", { email: String(form.get("email")), password: String(form.get("password")), redirect: false });
    setPending(false);
    if (result?.ok) {
      router.replace("/dashboard");
      router.refresh();
    } else setError(result?.error && result.error !== "CredentialsSignin" ? result.error : "Wrong email or password.");
  }

  return (
    <form onSubmit={submit} className="card space-y-4" aria-label="Sign in">
      <h2 className="text-lg font-medium">Sign in</h2>
      <TextField label="Email" name="email" type="email" autoComplete="username" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <SubmitButton className="btn btn-primary w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </SubmitButton>
      <SsoSignIn />
    </form>
  );
}
