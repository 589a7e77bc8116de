import type { SecretBinding } from "../platform/config/secret-binding";
import type { Provider } from "./ingestion-sources.schemas";

/**
 * Every provider's secrets and the fields they are bound to (config/secret-binding.ts holds the
 * rule). A new provider does not compile until it is listed here, and
 * tests/security/secret-binding.int.test.ts walks every entry, so none can skip the rule.
 */
export const SOURCE_SECRET_BINDINGS: Record<Provider, SecretBinding> = {
  upload: { secrets: [], boundTo: [], outbound: false },
  /** The password goes to host:port, over the TLS mode (secure, allowInsecure), as that username. */
  imap: { secrets: ["password"], boundTo: ["host", "port", "secure", "allowInsecure", "username"], outbound: true },
  /**
   * The password is checked when a journaling client authenticates; it goes nowhere, but it was
   * entered for that username, so a new username needs it again too.
   */
  "smtp-journal": { secrets: ["password"], boundTo: ["username"], outbound: false },
  /** The client secret goes to `{loginUrl}/{tenantId}/oauth2/v2.0/token` as that client; its tokens to `graphUrl`. */
  microsoft365: { secrets: ["clientSecret"], boundTo: ["tenantId", "clientId", "graphUrl", "loginUrl"], outbound: true },
  /**
   * The key signs assertions sent to its own `token_uri` (part of the secret, so it cannot change
   * without it) on behalf of `adminEmail` and the mailboxes; its tokens go to `gmailUrl` and `directoryUrl`.
   */
  "google-workspace": { secrets: ["serviceAccountKey"], boundTo: ["adminEmail", "gmailUrl", "directoryUrl"], outbound: true },
};
