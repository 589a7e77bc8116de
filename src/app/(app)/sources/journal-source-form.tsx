"use client";

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
