import { importPKCS8, SignJWT } from "jose";
import { config } from "../../platform/config/env";
import {
  cloudFetch,
  CloudHttpError,
  DEFAULT_LIMITS,
  getJson,
  PageWalk,
  pagesFor,
  ProviderRequestError,
  requestToken,
  type ProviderLimits,
  type ThrottleCounter,
  type ThrottlePolicy,
} from "./cloud-http";

/**
 * The Google APIs the Google Workspace connector calls, over plain fetch against the configured
 * `gmailUrl` and `directoryUrl` (docs/connectors.md says why not googleapis). Tokens: a JWT assertion
 * signed with the service account's key (RS256), sent to **the key's own `token_uri`**
 * (urn:ietf:params:oauth:grant-type:jwt-bearer), with `sub` the user impersonated (domain-wide delegation).
 */
export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri: string;
}

export interface GoogleSettings {
  key: ServiceAccountKey;
  gmailUrl: string;
  directoryUrl: string;
  throttle?: ThrottlePolicy;
  limits?: ProviderLimits;
  signal?: AbortSignal;
  counter?: ThrottleCounter;
}

export const DIRECTORY_SCOPE = "https://www.googleapis.com/auth/admin.directory.user.readonly";
export const GMAIL_SCOPE = "https://www.googleapis.com/auth/gmail.readonly";
const TOKEN_LIFETIME_S = 3600;
/** Pages the directory's user listing may take (500 a page: 500,000 users). */
const USER_PAGES = 1000;

/** A `format=raw` answer's cap: the message's (MAX_MESSAGE_BYTES) in base64url, with room for its JSON. */
function messageLimits(limits: ProviderLimits | undefined): ProviderLimits {
  const base = limits ?? DEFAULT_LIMITS;
  return { ...base, maxMessageBytes: Math.ceil(((base.maxMessageBytes ?? config.maxMessageBytes) * 4) / 3) + 64 * 1024 };
}

export interface DirectoryUser {
  primaryEmail: string;
  suspended?: boolean;
  archived?: boolean;
}

export interface GmailLabel {
  id: string;
  name: string;
  type: "system" | "user";
}

export interface GmailMessageRef {
  id: string;
  threadId?: string;
  labelIds?: string[];
}

export interface GmailRawMessage extends GmailMessageRef {
  raw: string;
  historyId?: string;
}

export interface GmailHistoryPage {
  history?: {
    id: string;
    messagesAdded?: { message: GmailMessageRef }[];
    labelsAdded?: { message: GmailMessageRef; labelIds: string[] }[];
  }[];
  nextPageToken?: string;
  historyId: string;
}

export class GoogleApi {
  private readonly tokens = new Map<string, { value: string; expires: number }>();
  private signingKey: Promise<CryptoKey> | null = null;

  constructor(private readonly settings: GoogleSettings) {}

  private get options() {
    const { throttle, counter, limits, signal } = this.settings;
    return { throttle, counter, limits, signal };
  }

  /** An access token for `subject` with `scope`; a key or delegation the token endpoint refuses throws a CloudHttpError. */
  async accessToken(subject: string, scope: string): Promise<string> {
    const cacheKey = `${subject} ${scope}`;
    const cached = this.tokens.get(cacheKey);
    if (cached && cached.expires > Date.now() + 60_000) return cached.value;
    const { key } = this.settings;
    this.signingKey ??= importPKCS8(key.private_key, "RS256");
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(key.private_key_id ? { kid: key.private_key_id } : {}) })
      .setIssuer(key.client_email)
      .setSubject(subject)
      .setAudience(key.token_uri)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_LIFETIME_S)
      .sign(await this.signingKey);
    const value = await requestToken(key.token_uri, { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }, this.options);
    this.tokens.set(cacheKey, { value, expires: Date.now() + (TOKEN_LIFETIME_S - 300) * 1000 });
    return value;
  }

  /** The domain's users (as the admin), page by page through `nextPageToken`. */
  async listUsers(adminEmail: string, customer: string): Promise<DirectoryUser[]> {
    const token = await this.accessToken(adminEmail, DIRECTORY_SCOPE);
    const users: DirectoryUser[] = [];
    const walk = new PageWalk("The directory's user listing", USER_PAGES);
    let pageToken: string | undefined;
    do {
      if (pageToken) walk.next(pageToken);
      const query = new URLSearchParams({ customer, maxResults: "500", ...(pageToken ? { pageToken } : {}) });
      const page = await getJson<{ users?: DirectoryUser[]; nextPageToken?: string }>(
        `${this.settings.directoryUrl}/admin/directory/v1/users?${query}`,
        token,
        this.options,
      );
      users.push(...(page.users ?? []));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return users;
  }

  /** One user (as the admin); null when the domain has none. */
  async getUser(adminEmail: string, address: string): Promise<DirectoryUser | null> {
    try {
      return await getJson<DirectoryUser>(
        `${this.settings.directoryUrl}/admin/directory/v1/users/${encodeURIComponent(address)}`,
        await this.accessToken(adminEmail, DIRECTORY_SCOPE),
        this.options,
      );
    } catch (error) {
      if (error instanceof CloudHttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** A Gmail GET as the mailbox's user ("me"). */
  async gmail<T>(user: string, path: string): Promise<T> {
    return getJson<T>(`${this.settings.gmailUrl}/gmail/v1/users/me${path}`, await this.accessToken(user, GMAIL_SCOPE), this.options);
  }

  async profile(user: string): Promise<{ emailAddress: string; messagesTotal: number; historyId: string }> {
    return this.gmail(user, "/profile");
  }

  /** One label with its counts (`users.labels.get`). */
  async label(user: string, id: string): Promise<GmailLabel & { messagesTotal?: number }> {
    return this.gmail<GmailLabel & { messagesTotal?: number }>(user, `/labels/${encodeURIComponent(id)}`);
  }

  async labels(user: string): Promise<GmailLabel[]> {
    return (await this.gmail<{ labels?: GmailLabel[] }>(user, "/labels")).labels ?? [];
  }

  /**
   * Every message id of the mailbox (SPAM and TRASH only when asked), unlabelled ones included; a
   * page token answered twice, or more pages than `messagesTotal` can fill, fails the listing.
   */
  async *listMessages(user: string, includeSpamTrash: boolean, messagesTotal: number): AsyncGenerator<GmailMessageRef[]> {
    const walk = new PageWalk("The Gmail message listing", pagesFor(messagesTotal));
    let pageToken: string | undefined;
    do {
      if (pageToken) walk.next(pageToken);
      const query = new URLSearchParams({
        maxResults: "500",
        includeSpamTrash: String(includeSpamTrash),
        ...(pageToken ? { pageToken } : {}),
      });
      const page = await this.gmail<{ messages?: GmailMessageRef[]; nextPageToken?: string }>(user, `/messages?${query}`);
      yield page.messages ?? [];
      pageToken = page.nextPageToken;
    } while (pageToken);
  }

  /** The changes since `startHistoryId` (messages added, labels added); an expired id answers 404. */
  async history(user: string, startHistoryId: string, pageToken?: string): Promise<GmailHistoryPage> {
    const query = new URLSearchParams([
      ["startHistoryId", startHistoryId],
      ["historyTypes", "messageAdded"],
      ["historyTypes", "labelAdded"],
      ["maxResults", "500"],
      ...(pageToken ? [["pageToken", pageToken]] : []),
    ]);
    return this.gmail(user, `/history?${query}`);
  }

  /** A message's RFC 822 bytes (`format=raw`, base64url) with its labels. */
  async rawMessage(user: string, id: string): Promise<{ raw: Buffer; labelIds: string[] }> {
    const response = await cloudFetch(
      `${this.settings.gmailUrl}/gmail/v1/users/me/messages/${encodeURIComponent(id)}?format=raw`,
      { headers: { authorization: `Bearer ${await this.accessToken(user, GMAIL_SCOPE)}` } },
      // base64url makes the JSON a third larger than the message it carries.
      { ...this.options, kind: "message", limits: messageLimits(this.settings.limits) },
    );
    let message: GmailRawMessage;
    try {
      message = JSON.parse(response.body.toString("utf8")) as GmailRawMessage;
    } catch {
      throw new ProviderRequestError("invalid", "the Gmail API answered a message that is not JSON");
    }
    if (typeof message?.raw !== "string")
      throw new ProviderRequestError("invalid", "the Gmail API answered a message without its raw bytes");
    const raw = Buffer.from(message.raw, "base64url");
    const cap = this.settings.limits?.maxMessageBytes ?? config.maxMessageBytes;
    if (raw.length > cap) throw new ProviderRequestError("too-large", `the provider's message is larger than ${cap} bytes (the limit)`);
    return { raw, labelIds: Array.isArray(message.labelIds) ? message.labelIds : [] };
  }
}
