import { z } from "zod";
import { pageQuerySchema } from "../platform/validation/query-params";
import { parseCidr } from "./journal/client-allow-list";
import { providerUrlProblem } from "./cloud/provider-address-rule";

export const PROVIDERS = ["upload", "imap", "smtp-journal", "microsoft365", "google-workspace"] as const;
/** The providers a sync job reads from (IMAP and the cloud connectors, docs/connectors.md). */
export const SYNCED_PROVIDERS = ["imap", "microsoft365", "google-workspace"] as const;
export type Provider = (typeof PROVIDERS)[number];

const sourceName = z.string().trim().min(1, "name must be 1-255 characters").max(255, "name must be 1-255 characters");
export const mailboxAddress = z
  .string()
  .trim()
  .min(3, "userEmail must be a mailbox address")
  .max(320, "userEmail must be at most 320 characters")
  .regex(/^[^\s@]+@[^\s@]+$/, "userEmail must be a mailbox address like name@example.com")
  .transform((value) => value.toLowerCase());

const uploadConfig = z.object({ userEmail: mailboxAddress.optional() }).strict();

const imapFields = {
  host: z
    .string()
    .trim()
    .min(1, "host is required")
    .max(255)
    .regex(/^[^\s/]+$/, "host must be a host name or address"),
  port: z.number().int().min(1).max(65535).default(993),
  /** true: TLS from the start (IMAPS); false: STARTTLS, which is required unless `allowInsecure`. */
  secure: z.boolean().default(true),
  /**
   * The explicit, audited opt-in to plain-text IMAP: with `secure: false`, the password may cross the
   * network unencrypted when the server offers no STARTTLS. Without it the connection fails first.
   */
  allowInsecure: z.boolean().default(false),
  username: z.string().min(1, "username is required").max(320),
  password: z.string().min(1, "password is required").max(1024),
  mailboxes: z.array(z.string().min(1).max(1000)).max(1000).optional(),
  userEmail: mailboxAddress.optional(),
};
const imapConfig = z.object(imapFields).strict();
/** On update the password may be left out to keep the stored one. */
const imapConfigUpdate = z.object({ ...imapFields, password: imapFields.password.optional() }).strict();

const domainName = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, "internalDomains must be domain names like corp.example")
  .transform((value) => value.toLowerCase());

/** An IPv4 or IPv6 address, optionally with a prefix length (`10.0.0.0/8`, `2001:db8::/32`, `127.0.0.1`). */
const clientCidr = z
  .string()
  .trim()
  .refine((value) => parseCidr(value) !== null, "allowedClients must be IP addresses or CIDR ranges like 10.0.0.0/8");

/** SMTP AUTH is the journal source's only guard against any client that reaches the port: no short secrets. */
export const JOURNAL_PASSWORD_MIN_LENGTH = 12;

const journalFields = {
  recipientAddress: mailboxAddress.optional(),
  internalDomains: z.array(domainName).min(1, "internalDomains needs at least one domain").max(1000),
  allowedClients: z.array(clientCidr).max(1000).optional(),
  requireTls: z.boolean().default(false),
  /** Exchange / Microsoft 365 envelope journal reports from trusted clients are unwrapped (docs/journaling.md). */
  exchangeReports: z.boolean().default(false),
  username: z.string().min(1).max(320).optional(),
  password: z
    .string()
    .min(JOURNAL_PASSWORD_MIN_LENGTH, `password must be at least ${JOURNAL_PASSWORD_MIN_LENGTH} characters`)
    .max(1024)
    .optional(),
};
const credentialsTogether = (config: { username?: string; password?: string }) =>
  (config.username === undefined) === (config.password === undefined);
const journalConfig = z
  .object(journalFields)
  .strict()
  .refine(credentialsTogether, { message: "username and password go together", path: ["password"] });
/** On update the password may be left out to keep the stored one (when the username stays set). */
const journalConfigUpdate = z.object(journalFields).strict();

/**
 * A provider endpoint: `https`, on a host that is not an internal address (plain `http`, and internal
 * hosts, only when listed in CLOUD_PRIVATE_HOSTS: cloud/provider-address-rule.ts), so a token or a
 * secret never crosses a network in plain text nor reaches the archive's own network. No query,
 * fragment or credentials; a trailing slash is dropped.
 */
export const providerUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(2048)
    .superRefine((value, context) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        context.addIssue({ code: "custom", message: `${field} must be an https URL` });
        return;
      }
      if (url.search || url.hash || url.username || url.password) {
        context.addIssue({ code: "custom", message: `${field} must be an https URL without query, fragment or credentials` });
        return;
      }
      const problem = providerUrlProblem(value);
      if (problem) context.addIssue({ code: "custom", message: `${field} ${problem}` });
    })
    .transform((value) => value.replace(/\/+$/, ""));

const cloudMailboxes = z.array(mailboxAddress).max(100_000).optional();

const microsoft365Fields = {
  tenantId: z
    .string()
    .trim()
    .min(1, "tenantId is required")
    .max(255)
    .regex(/^[A-Za-z0-9.-]+$/, "tenantId must be the tenant's ID (a GUID) or its domain name"),
  clientId: z
    .string()
    .trim()
    .min(1, "clientId is required")
    .max(255)
    .regex(/^[A-Za-z0-9-]+$/, "clientId must be the application (client) ID"),
  clientSecret: z.string().min(1, "clientSecret is required").max(1024),
  mailboxes: cloudMailboxes,
  graphUrl: providerUrl("graphUrl").default("https://graph.microsoft.com"),
  loginUrl: providerUrl("loginUrl").default("https://login.microsoftonline.com"),
  /**
   * The scope the token is asked for; by default the Graph resource of `graphUrl`'s cloud
   * (graph-api.ts `graphScopeFor`), so a proxy in front of Graph still gets a public-cloud token.
   */
  graphScope: z
    .string()
    .trim()
    .max(512)
    .regex(/^https:\/\/[^\s/]+(\/[^\s]*)?\/\.default$/, "graphScope must be a resource's /.default scope (https://…/.default)")
    .optional(),
  /** Deleted Items and Junk Email (found by their well-known names, any language) are skipped unless true. */
  includeDeletedAndJunk: z.boolean().default(false),
};
const microsoft365Config = z.object(microsoft365Fields).strict();
const microsoft365ConfigUpdate = z.object({ ...microsoft365Fields, clientSecret: microsoft365Fields.clientSecret.optional() }).strict();

/** A service account key as Google issues it (JSON, or its text); kept as its text, encrypted. */
const serviceAccountKeyFields = z
  .object({
    type: z.literal("service_account", { message: 'serviceAccountKey.type must be "service_account"' }),
    client_email: z.string().min(3).max(320),
    private_key: z
      .string()
      .min(1)
      .max(16_384)
      .includes("PRIVATE KEY", { message: "serviceAccountKey.private_key must be a PEM private key" }),
    private_key_id: z.string().max(255).optional(),
    token_uri: providerUrl("serviceAccountKey.token_uri"),
  })
  .loose();
/** The fields of a service account key the connector needs (Google's key file has them all). */
const REQUIRED_KEY_FIELDS = ["type", "client_email", "private_key", "token_uri"] as const;
const serviceAccountKey = z
  .union([z.string().max(32_768), z.record(z.string(), z.unknown())], { message: "serviceAccountKey is required" })
  .transform((value, context) => {
    let parsed: unknown = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch {
        context.addIssue({ code: "custom", message: "serviceAccountKey must be the service account's JSON key" });
        return z.NEVER;
      }
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      context.addIssue({ code: "custom", message: "serviceAccountKey must be the service account's JSON key (an object)" });
      return z.NEVER;
    }
    // A key copied in part, or another JSON file pasted: name what the key lacks, not a type error.
    const missing = REQUIRED_KEY_FIELDS.filter((field) => !(field in parsed) || (parsed as Record<string, unknown>)[field] == null);
    if (missing.length > 0) {
      context.addIssue({ code: "custom", message: `the service account key lacks ${missing.join(", ")}` });
      return z.NEVER;
    }
    const key = serviceAccountKeyFields.safeParse(parsed);
    if (!key.success) {
      const issue = key.error.issues[0];
      const field = issue?.path.length ? `serviceAccountKey.${issue.path.join(".")}` : "serviceAccountKey";
      context.addIssue({
        code: "custom",
        message: issue?.message.startsWith("serviceAccountKey") ? issue.message : `${field}: ${issue?.message}`,
      });
      return z.NEVER;
    }
    return JSON.stringify(key.data);
  });
const googleWorkspaceFields = {
  serviceAccountKey,
  adminEmail: mailboxAddress,
  customer: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, "customer must be a customer ID or my_customer")
    .default("my_customer"),
  mailboxes: cloudMailboxes,
  gmailUrl: providerUrl("gmailUrl").default("https://gmail.googleapis.com"),
  directoryUrl: providerUrl("directoryUrl").default("https://admin.googleapis.com"),
  /** Gmail's SPAM and TRASH are skipped unless listed here. */
  includeSpamTrash: z.boolean().default(false),
};
const googleWorkspaceConfig = z.object(googleWorkspaceFields).strict();
const googleWorkspaceConfigUpdate = z
  .object({ ...googleWorkspaceFields, serviceAccountKey: googleWorkspaceFields.serviceAccountKey.optional() })
  .strict();

export const sourceIdParamsSchema = z.object({ id: z.uuid({ message: "id must be a UUID" }) });

export const createSourceSchema = z.discriminatedUnion(
  "provider",
  [
    z.object({ name: sourceName, provider: z.literal("upload"), config: uploadConfig.default({}) }),
    z.object({ name: sourceName, provider: z.literal("imap"), config: imapConfig }),
    z.object({ name: sourceName, provider: z.literal("smtp-journal"), config: journalConfig }),
    z.object({ name: sourceName, provider: z.literal("microsoft365"), config: microsoft365Config }),
    z.object({ name: sourceName, provider: z.literal("google-workspace"), config: googleWorkspaceConfig }),
  ],
  { message: `provider must be one of ${PROVIDERS.join(", ")}` },
);

export const updateSourceSchema = z
  .object({
    name: sourceName.optional(),
    provider: z.enum(PROVIDERS).optional(),
    config: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((value) => value.name !== undefined || value.config !== undefined, { message: "at least one of name, config is required" });

export const uploadConfigSchema = uploadConfig;
export const imapConfigSchema = imapConfig;
export const imapConfigUpdateSchema = imapConfigUpdate;

export const journalConfigSchema = journalConfig;
export const journalConfigUpdateSchema = journalConfigUpdate;
export const microsoft365ConfigSchema = microsoft365Config;
export const microsoft365ConfigUpdateSchema = microsoft365ConfigUpdate;
export const googleWorkspaceConfigSchema = googleWorkspaceConfig;
export const googleWorkspaceConfigUpdateSchema = googleWorkspaceConfigUpdate;
export type Microsoft365Config = z.infer<typeof microsoft365Config>;
export type GoogleWorkspaceConfig = z.infer<typeof googleWorkspaceConfig>;
export type JournalConfig = z.infer<typeof journalConfig>;

export type CreateSourceInput = z.infer<typeof createSourceSchema>;
export type UpdateSourceInput = z.infer<typeof updateSourceSchema>;
export type ImapConfig = z.infer<typeof imapConfig>;

export const importQuerySchema = z.object({ userEmail: mailboxAddress.optional() });

/** `GET /v1/ingestion-sources/{id}/receipts`: the list's paging, as every paged list has it. */
export const receiptListQuerySchema = pageQuerySchema({ limit: 20, maxLimit: 100 });

export const receiptParamsSchema = z.object({
  id: z.uuid({ message: "id must be a UUID" }),
  receiptId: z.uuid({ message: "receiptId must be a UUID" }),
});
