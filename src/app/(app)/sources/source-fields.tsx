"use client";

import { useId, type FormEvent, type ReactNode } from "react";
import { SubmitButton } from "@/components/submit-button";
import type { FormFields } from "./source-config";

/**
 * The config fields of each provider, shared by the "New … source" forms (empty) and the edit dialog
 * (`values` from the stored config). In an edit a secret left empty keeps the stored one; `secretPrompt`
 * (set when the host or the login changed) makes it required again and says why.
 */
export interface SourceFieldsProps {
  values?: FormFields;
  secretPrompt?: string;
}

function Secret({
  label,
  name,
  values,
  secretPrompt,
  multiline,
}: SourceFieldsProps & { label: string; name: string; multiline?: boolean }) {
  const hint = useId();
  const editing = values !== undefined;
  const shared = {
    name,
    className: "input",
    autoComplete: "off",
    required: !editing || secretPrompt !== undefined,
    placeholder: editing && values[`${name}Set`] ? "stored; leave empty to keep it" : undefined,
    "aria-describedby": secretPrompt ? hint : undefined,
    "aria-invalid": secretPrompt ? true : undefined,
  };
  return (
    <label className="block text-sm">
      {label} {multiline ? <textarea rows={3} {...shared} /> : <input type="password" {...shared} />}
      {secretPrompt && (
        <span id={hint} className="block text-xs text-amber-800">
          {secretPrompt}
        </span>
      )}
    </label>
  );
}

const Text = ({ label, name, values, ...input }: { label: ReactNode; name: string; values?: FormFields } & Record<string, unknown>) => (
  <label className="block text-sm">
    {label} <input name={name} className="input" defaultValue={values?.[name] ?? ""} {...input} />
  </label>
);

const Check = ({ label, name, values, ...input }: { label: ReactNode; name: string; values?: FormFields } & Record<string, unknown>) => (
  <label className="flex items-center gap-2 text-sm">
    <input name={name} type="checkbox" defaultChecked={values ? values[name] === "on" : undefined} {...input} /> {label}
  </label>
);

export function UploadFields({ values }: SourceFieldsProps) {
  return <Text label="Default mailbox" name="userEmail" type="email" values={values} />;
}

export function ImapFields({ values, secretPrompt }: SourceFieldsProps) {
  const insecureHint = useId();
  return (
    <>
      <Text label="Host" name="host" values={values} required />
      <Text label="Port" name="port" type="number" values={values ?? { port: "993" }} />
      <Check label="TLS" name="secure" values={values ?? { secure: "on" }} />
      <Check label="Allow plain-text login (insecure)" name="allowInsecure" values={values} aria-describedby={insecureHint} />
      <span id={insecureHint} className="block text-xs text-slate-500">
        Without TLS the server must offer STARTTLS, unless this is checked: the password may then cross the network unencrypted.
      </span>
      <Text label="Username" name="username" values={values} required />
      <Secret label="Password" name="password" values={values} secretPrompt={secretPrompt} />
      <MailboxesField values={values} placeholder="INBOX, Sent" hint="Comma or line separated; empty: all but Junk and Trash." />
      <Text label="Archive as mailbox" name="userEmail" type="email" placeholder="defaults to the username" values={values} />
    </>
  );
}

export function JournalFields({ values, secretPrompt }: SourceFieldsProps) {
  return (
    <>
      <Text label="Journal address" name="recipientAddress" type="email" placeholder="journal@archive.example.com" values={values} />
      <Text label="Internal domains" name="internalDomains" placeholder="corp.example, corp.example.net" required values={values} />
      <Text
        label="Allowed clients"
        name="allowedClients"
        placeholder="10.0.0.0/8 (empty: this host only, or any client with SMTP AUTH)"
        values={values}
      />
      <Check label="Require STARTTLS" name="requireTls" values={values} />
      <Check
        label="Exchange / Microsoft 365 journal reports (unwrapped from allowed or authenticated clients only)"
        name="exchangeReports"
        values={values}
      />
      <Text label="SMTP username" name="username" autoComplete="off" placeholder="optional" values={values} />
      <label className="block text-sm">
        SMTP password{" "}
        <input
          name="password"
          type="password"
          className="input"
          autoComplete="off"
          required={secretPrompt !== undefined}
          placeholder={values?.passwordSet ? "stored; leave empty to keep it" : undefined}
        />
        {secretPrompt && <span className="block text-xs text-amber-800">{secretPrompt}</span>}
      </label>
    </>
  );
}

function MailboxesField({
  values,
  placeholder = "alice@corp.example, bob@corp.example",
  hint = "Comma or line separated; empty: every user with a mailbox.",
}: SourceFieldsProps & { placeholder?: string; hint?: string }) {
  const hintId = useId();
  return (
    <label className="block text-sm">
      Mailboxes{" "}
      <textarea
        name="mailboxes"
        rows={2}
        className="input"
        placeholder={placeholder}
        aria-describedby={hintId}
        defaultValue={values?.mailboxes ?? ""}
      />
      <span id={hintId} className="text-xs text-slate-500">
        {hint}
      </span>
    </label>
  );
}

export function Microsoft365Fields({ values, secretPrompt }: SourceFieldsProps) {
  return (
    <>
      <Text label="Tenant ID" name="tenantId" required placeholder="00000000-0000-0000-0000-000000000000" values={values} />
      <Text label="Application (client) ID" name="clientId" required values={values} />
      <Secret label="Client secret" name="clientSecret" values={values} secretPrompt={secretPrompt} />
      <MailboxesField values={values} />
      <Check label="Include Deleted Items and Junk Email" name="includeDeletedAndJunk" values={values} />
      <details className="text-sm">
        <summary className="cursor-pointer">National cloud or proxy</summary>
        <Text label="Graph URL" name="graphUrl" placeholder="https://graph.microsoft.com" values={values} />
        <Text label="Login URL" name="loginUrl" placeholder="https://login.microsoftonline.com" values={values} />
        <Text
          label="Token scope (only if not Graph's own)"
          name="graphScope"
          placeholder="https://graph.microsoft.com/.default"
          values={values}
        />
      </details>
    </>
  );
}

export function GoogleWorkspaceFields({ values, secretPrompt }: SourceFieldsProps) {
  return (
    <>
      <Secret label="Service account key (JSON)" name="serviceAccountKey" values={values} secretPrompt={secretPrompt} multiline />
      <Text label="Administrator" name="adminEmail" type="email" required placeholder="admin@corp.example" values={values} />
      <MailboxesField values={values} />
      <Check label="Include Spam and Trash" name="includeSpamTrash" values={values} />
      <details className="text-sm">
        <summary className="cursor-pointer">Customer, proxies</summary>
        <Text label="Customer" name="customer" placeholder="my_customer" values={values} />
        <Text label="Gmail URL" name="gmailUrl" placeholder="https://gmail.googleapis.com" values={values} />
        <Text label="Directory URL" name="directoryUrl" placeholder="https://admin.googleapis.com" values={values} />
      </details>
    </>
  );
}

/** The fields of a provider. */
export function SourceFields({ provider, ...props }: SourceFieldsProps & { provider: string }) {
  switch (provider) {
    case "imap":
      return <ImapFields {...props} />;
    case "smtp-journal":
      return <JournalFields {...props} />;
    case "microsoft365":
      return <Microsoft365Fields {...props} />;
    case "google-workspace":
      return <GoogleWorkspaceFields {...props} />;
    default:
      return <UploadFields {...props} />;
  }
}

/** A "New … source" form: a name and the provider's fields. */
export function NewSourceForm({
  provider,
  label,
  title,
  onSubmit,
}: {
  provider: string;
  label: string;
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form onSubmit={onSubmit} className="card space-y-2" aria-label={label}>
      <h2 className="font-medium">{title}</h2>
      <label className="block text-sm">
        Name <input name="name" className="input" required />
      </label>
      <SourceFields provider={provider} />
      <SubmitButton className="btn">Create</SubmitButton>
    </form>
  );
}
