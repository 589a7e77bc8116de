"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { TextField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { asyncHandler } from "@/lib/async-handler";

/**
 * First run: creates the first administrator (POST /v1/auth/setup, refused once a user exists) and
 * signs in. The setup token comes from the link the server printed (`/setup?token=…`) or is pasted.
 */
export default function SetupPage() {
  const router = useRouter();
  const [error, setError] = useState("");
  const [pending, setPending] = useState(false);
  const [setupToken, setSetupToken] = useState("");
  // Read after hydration (the page is static): the link's token fills the field.
  useEffect(() => setSetupToken(new URLSearchParams(window.location.search).get("token") ?? ""), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setPending(true);
    setError("");
    const response = await fetch("/v1/auth/setup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(form),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string; errors?: { field: string; message: string }[] } | null;
      setPending(false);
      setError(body?.errors?.map((item) => `${item.field}: ${item.message}`).join("; ") || body?.message || "Setup failed.");
      return;
    }
    await signIn("credentials", { email: form.email, password: form.password, redirect: false });
    router.replace("/dashboard");
    router.refresh();
  }

  return (
    <form onSubmit={asyncHandler(submit)} className="card space-y-4" aria-label="First-run setup">
      <h2 className="text-lg font-medium">Create the first administrator</h2>
      <TextField
        label="Setup token"
        name="setupToken"
        autoComplete="off"
        required
        value={setupToken}
        onChange={(event) => setSetupToken(event.target.value)}
        hint='Printed on the server console on the line with "setup token" (the link there fills it in).'
      />
      <TextField label="First name" name="first_name" required />
      <TextField label="Last name" name="last_name" required />
      <TextField label="Email" name="email" type="email" autoComplete="username" required />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" minLength={8} required />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <SubmitButton className="btn btn-primary w-full" disabled={pending}>
        {pending ? "Creating…" : "Create administrator"}
      </SubmitButton>
    </form>
  );
}
