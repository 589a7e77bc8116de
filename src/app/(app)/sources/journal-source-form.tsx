"use client";

import type { FormEvent } from "react";
import { SubmitButton } from "@/components/submit-button";

const list = (value: string | undefined) =>
  (value ?? "")
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The config of a new smtp-journal source from the form's fields (docs/journaling.md, "Journal sources"). */
export function journalConfigFrom(form: Record<string, string>) {
  const allowedClients = list(form.allowedClients);
  return {
    internalDomains: list(form.internalDomains),
    requireTls: form.requireTls === "on",
    exchangeReports: form.exchangeReports === "on",
    ...(form.recipientAddress ? { recipientAddress: form.recipientAddress } : {}),
    ...(allowedClients.length > 0 ? { allowedClients } : {}),
    ...(form.username ? { username: form.username, password: form.password } : {}),
  };
}

export function JournalSourceForm({ onSubmit }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form onSubmit={onSubmit} className="card space-y-2" aria-label="New journal source">
      <h2 className="font-medium">New SMTP journal source</h2>
      <label className="block text-sm">
        Name <input name="name" className="input" required />
      </label>
      <label className="block text-sm">
        Journal address <input name="recipientAddress" type="email" className="input" placeholder="journal@archive.example.com" />
      </label>
      <label className="block text-sm">
        Internal domains <input name="internalDomains" className="input" placeholder="corp.example, corp.example.net" required />
      </label>
      <label className="block text-sm">
        Allowed clients{" "}
        <input name="allowedClients" className="input" placeholder="10.0.0.0/8 (empty: this host only, or any client with SMTP AUTH)" />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input name="requireTls" type="checkbox" /> Require STARTTLS
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input name="exchangeReports" type="checkbox" /> Exchange / Microsoft 365 journal reports (unwrapped from allowed or authenticated
        clients only)
      </label>
      <label className="block text-sm">
        SMTP username <input name="username" className="input" autoComplete="off" placeholder="optional" />
      </label>
      <label className="block text-sm">
        SMTP password <input name="password" type="password" className="input" autoComplete="off" />
      </label>
      <SubmitButton className="btn">Create</SubmitButton>
    </form>
  );
}

/** The Postfix and Exchange settings an administrator copies to journal to this source. */
export function JournalSettings({
  config,
  listener,
}: {
  config: Record<string, unknown>;
  listener: { host: string; port: number } | null;
}) {
  if (!listener) return <p className="text-xs text-slate-600">The journaling listener is off (JOURNAL_SMTP_PORT=0).</p>;
  const address = typeof config.recipientAddress === "string" ? config.recipientAddress : "journal@archive.example.com";
  const host =
    ["127.0.0.1", "0.0.0.0", "::"].includes(listener.host) && typeof window !== "undefined" ? window.location.hostname : listener.host;
  const auth =
    typeof config.username === "string"
      ? `\nsmtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = inline:{ [${host}]:${listener.port}=${config.username}:<password> }\nsmtp_sasl_security_options = noanonymous`
      : "";
  const postfix = `# main.cf of the journaling Postfix (docs/journaling.md, "Postfix")\nrelayhost = [${host}]:${listener.port}\nalways_bcc = ${address}\ndefault_destination_recipient_limit = 1000\nsmtp_tls_security_level = ${config.requireTls ? "encrypt" : "may"}${auth}`;
  const exchange = `New-JournalRule -Name "Archive" -JournalEmailAddress ${address} -Scope Global -Enabled $true\n# Send connector / outbound connector for ${address.split("@")[1]} to ${host}:${listener.port}`;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-700">Postfix and Exchange settings</summary>
      <pre className="mt-1 whitespace-pre-wrap rounded bg-slate-50 p-2" data-testid="postfix-settings">
        {postfix}
      </pre>
      <pre className="mt-1 whitespace-pre-wrap rounded bg-slate-50 p-2" data-testid="exchange-settings">
        {exchange}
      </pre>
    </details>
  );
}
