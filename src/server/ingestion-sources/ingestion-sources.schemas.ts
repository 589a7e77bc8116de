import { z } from "zod";
import { parseCidr } from "../journal/client-allow-list";

export const PROVIDERS = ["upload", "imap", "smtp-journal"] as const;
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

export const sourceIdParamsSchema = z.object({ id: z.uuid({ message: "id must be a UUID" }) });

export const createSourceSchema = z.discriminatedUnion(
  "provider",
  [
    z.object({ name: sourceName, provider: z.literal("upload"), config: uploadConfig.default({}) }),
    z.object({ name: sourceName, provider: z.literal("imap"), config: imapConfig }),
    z.object({ name: sourceName, provider: z.literal("smtp-journal"), config: journalConfig }),
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
export type JournalConfig = z.infer<typeof journalConfig>;

export type CreateSourceInput = z.infer<typeof createSourceSchema>;
export type UpdateSourceInput = z.infer<typeof updateSourceSchema>;
export type ImapConfig = z.infer<typeof imapConfig>;

export const importQuerySchema = z.object({ userEmail: mailboxAddress.optional() });
