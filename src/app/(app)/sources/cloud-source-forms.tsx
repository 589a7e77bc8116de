"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { SubmitButton } from "@/components/submit-button";
import { useTRPC } from "@/lib/trpc";

const addresses = (value: string | undefined) =>
  (value ?? "")
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Optional fields of a form, only when filled in (the server applies its defaults to the others). */
const filled = (form: Record<string, string>, names: string[]) =>
  Object.fromEntries(names.filter((name) => form[name]).map((name) => [name, form[name]]));

/** The config of a new microsoft365 source (docs/connectors.md, "Microsoft 365"). */
export function microsoft365ConfigFrom(form: Record<string, string>) {
  const mailboxes = addresses(form.mailboxes);
  return {
    tenantId: form.tenantId,
    clientId: form.clientId,
    clientSecret: form.clientSecret,
    ...filled(form, ["graphUrl", "loginUrl"]),
    ...(mailboxes.length > 0 ? { mailboxes } : {}),
    ...(form.includeDeletedAndJunk === "on" ? { includeDeletedAndJunk: true } : {}),
  };
}

/** The config of a new google-workspace source (docs/connectors.md, "Google Workspace"). */
export function googleWorkspaceConfigFrom(form: Record<string, string>) {
  const mailboxes = addresses(form.mailboxes);
  return {
    serviceAccountKey: form.serviceAccountKey,
    adminEmail: form.adminEmail,
    ...filled(form, ["customer", "gmailUrl", "directoryUrl"]),
    ...(mailboxes.length > 0 ? { mailboxes } : {}),
    ...(form.includeSpamTrash === "on" ? { includeSpamTrash: true } : {}),
  };
}

const MailboxesField = ({ id }: { id: string }) => (
  <label className="block text-sm">
    Mailboxes{" "}
    <textarea name="mailboxes" rows={2} className="input" placeholder="alice@corp.example, bob@corp.example" aria-describedby={id} />
    <span id={id} className="text-xs text-slate-500">
      Comma or line separated; empty: every user with a mailbox.
    </span>
  </label>
);

export function Microsoft365SourceForm({ onSubmit }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form onSubmit={onSubmit} className="card space-y-2" aria-label="New Microsoft 365 source">
      <h2 className="font-medium">New Microsoft 365 source</h2>
      <label className="block text-sm">
        Name <input name="name" className="input" required />
      </label>
      <label className="block text-sm">
        Tenant ID <input name="tenantId" className="input" required placeholder="00000000-0000-0000-0000-000000000000" />
      </label>
      <label className="block text-sm">
        Application (client) ID <input name="clientId" className="input" required />
      </label>
      <label className="block text-sm">
        Client secret <input name="clientSecret" type="password" className="input" autoComplete="off" required />
      </label>
      <MailboxesField id="m365-mailboxes-hint" />
      <label className="flex items-center gap-2 text-sm">
        <input name="includeDeletedAndJunk" type="checkbox" /> Include Deleted Items and Junk Email
      </label>
      <details className="text-sm">
        <summary className="cursor-pointer">National cloud or proxy</summary>
        <label className="block">
          Graph URL <input name="graphUrl" className="input" placeholder="https://graph.microsoft.com" />
        </label>
        <label className="block">
          Login URL <input name="loginUrl" className="input" placeholder="https://login.microsoftonline.com" />
        </label>
      </details>
      <SubmitButton className="btn">Create</SubmitButton>
    </form>
  );
}

export function GoogleWorkspaceSourceForm({ onSubmit }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void }) {
  return (
    <form onSubmit={onSubmit} className="card space-y-2" aria-label="New Google Workspace source">
      <h2 className="font-medium">New Google Workspace source</h2>
      <label className="block text-sm">
        Name <input name="name" className="input" required />
      </label>
      <label className="block text-sm">
        Service account key (JSON) <textarea name="serviceAccountKey" rows={3} className="input" autoComplete="off" required />
      </label>
      <label className="block text-sm">
        Administrator <input name="adminEmail" type="email" className="input" required placeholder="admin@corp.example" />
      </label>
      <MailboxesField id="gws-mailboxes-hint" />
      <label className="flex items-center gap-2 text-sm">
        <input name="includeSpamTrash" type="checkbox" /> Include Spam and Trash
      </label>
      <details className="text-sm">
        <summary className="cursor-pointer">Customer, proxies</summary>
        <label className="block">
          Customer <input name="customer" className="input" placeholder="my_customer" />
        </label>
        <label className="block">
          Gmail URL <input name="gmailUrl" className="input" placeholder="https://gmail.googleapis.com" />
        </label>
        <label className="block">
          Directory URL <input name="directoryUrl" className="input" placeholder="https://admin.googleapis.com" />
        </label>
      </details>
      <SubmitButton className="btn">Create</SubmitButton>
    </form>
  );
}

/** A source's coverage report (docs/connectors.md): per mailbox and folder, the provider's count against what the archive holds. */
export function CoverageDetails({ sourceId }: { sourceId: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const coverage = useQuery({ ...trpc.sources.coverage.queryOptions({ id: sourceId }), enabled: open });
  const data = coverage.data;
  return (
    <details className="text-xs" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-slate-700">Coverage</summary>
      {data && (
        <div className="mt-1 space-y-1" data-testid={`coverage-${sourceId}`}>
          <p>
            {data.emailCount} archived, {data.notSearchable} not searchable yet
          </p>
          {data.lastSync === null && <p>No sync yet.</p>}
          {data.lastSync?.mailboxes.map((mailbox) => (
            <div key={mailbox.mailbox}>
              <p className="font-medium">
                {mailbox.mailbox}: {mailbox.status}
                {mailbox.reason ? ` (${mailbox.reason})` : ""}
              </p>
              <ul className="pl-3">
                {mailbox.folders.map((folder) => (
                  <li key={folder.folder}>
                    {folder.folder}: {folder.heldCount}
                    {folder.providerCount !== null ? ` of ${folder.providerCount}` : ""} held
                    {folder.failed.length > 0
                      ? `, ${folder.failed.length} failed: ${folder.failed.map((item) => item.reason).join("; ")}`
                      : ""}
                    {folder.deletedAtSource > 0 ? `, ${folder.deletedAtSource} deleted at the source (kept)` : ""}
                  </li>
                ))}
                {mailbox.excluded.map((excluded) => (
                  <li key={excluded} className="text-slate-500">
                    excluded: {excluded}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </details>
  );
}
