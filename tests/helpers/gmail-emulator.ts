import { generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from "node:crypto";
import { jwtVerify } from "jose";
import {
  bearerOf,
  decodeToken,
  encodeToken,
  json,
  startEmulatorServer,
  type EmulatorAnswer,
  type EmulatorRequest,
  type EmulatorServer,
} from "./cloud-emulator-http";

/**
 * A Google OAuth 2.0 token endpoint, Admin SDK Directory API and Gmail API (v1) emulator for the Google
 * Workspace connector's tests, written from Google's public documentation:
 * - `POST /token` (the service account key's `token_uri`): grant `urn:ietf:params:oauth:grant-type:jwt-bearer`,
 *   the assertion's RS256 signature checked against the key's public half, `iss` the key's `client_email`,
 *   `aud` the `token_uri`, `exp` at most an hour ahead, `sub` a user of the domain, and every scope
 *   granted to the client by domain-wide delegation (else `unauthorized_client`); a bad signature
 *   answers `invalid_grant` "Invalid JWT Signature.".
 * - `GET /admin/directory/v1/users?customer=my_customer` (paged by `nextPageToken`) and `/users/{userKey}`,
 *   as an administrator with `admin.directory.user.readonly`.
 * - `GET /gmail/v1/users/me/profile | labels | labels/{id} (with its counts) | messages (includeSpamTrash, pageToken) | messages/{id}?format=raw | history`
 *   with `gmail.readonly` as the mailbox's user; `history` records `messagesAdded` and `labelsAdded`
 *   (`{message: {id, threadId, labelIds}, labelIds: the labels added}`), only the `historyTypes` asked for
 *   (`messageAdded`, `labelAdded`; every type when none is given), and with an expired `startHistoryId` answers 404;
 *   a user without Gmail answers 400 `failedPrecondition` "Mail service not enabled".
 * - Throttling: `throttle()` queues 429 with `Retry-After` or 403 `userRateLimitExceeded` without one.
 */
export const DIRECTORY_SCOPE = "https://www.googleapis.com/auth/admin.directory.user.readonly";
export const GMAIL_SCOPE = "https://www.googleapis.com/auth/gmail.readonly";

interface GmailMessage {
  id: string;
  threadId: string;
  raw: Buffer;
  labelIds: string[];
  historyId: number;
  internalDate: number;
}

interface MessageRef {
  id: string;
  threadId: string;
  labelIds: string[];
}

interface HistoryRecord {
  id: number;
  messagesAdded?: { message: MessageRef }[];
  labelsAdded?: { message: MessageRef; labelIds: string[] }[];
}

/** `historyTypes` values and the record field each selects. */
const HISTORY_TYPES = { messageAdded: "messagesAdded", labelAdded: "labelsAdded" } as const;

interface GmailUser {
  primaryEmail: string;
  isAdmin: boolean;
  suspended: boolean;
  gmailEnabled: boolean;
  labels: { id: string; name: string; type: "system" | "user" }[];
  messages: GmailMessage[];
  history: HistoryRecord[];
  historyId: number;
  /** history ids at or below this are expired (404). */
  minHistoryId: number;
}

export interface GmailEmulator {
  url: string;
  /** The service account key as Google issues it (JSON), its `token_uri` on this emulator. */
  serviceAccountKey: Record<string, string>;
  server: EmulatorServer;
  pageSize: number;
  addUser(options: { primaryEmail: string; isAdmin?: boolean; suspended?: boolean; gmailEnabled?: boolean }): void;
  /** A user label (names nest with "/"); answers its id. */
  addLabel(user: string, name: string): string;
  /** A message with these label ids or names (user labels by name are created); answers its id. */
  addMessage(user: string, raw: Buffer, labels: string[]): string;
  deleteMessage(user: string, id: string): void;
  /** users.messages.modify with `addLabelIds` (ids or names): a `labelsAdded` history record for those not there yet. */
  addLabels(user: string, id: string, labels: string[]): void;
  /** Every history id issued so far answers 404 from now on. */
  expireHistory(user: string): void;
  /** Domain-wide delegation: the scopes the service account's client may be granted (both by default). */
  delegatedScopes: Set<string>;
  /** An access token for `subject` with `scope`, as the token endpoint would issue it (for the official-client test). */
  issueToken(subject: string, scope: string): string;
  stop(): Promise<void>;
}

const SYSTEM_LABELS = ["INBOX", "SENT", "DRAFT", "SPAM", "TRASH", "UNREAD", "STARRED", "IMPORTANT", "CATEGORY_PERSONAL"];

const googleError = (status: number, reason: string, message: string, statusName: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code: status, message, errors: [{ message, domain: "global", reason }], status: statusName } }, headers);

/** Gmail's per-user rate limit answer: 403 `userRateLimitExceeded`, no Retry-After. */
export const gmailRateLimited = (): EmulatorAnswer =>
  googleError(403, "userRateLimitExceeded", "User-rate limit exceeded.  Retry after 2026-01-01T00:00:00.000Z", "PERMISSION_DENIED");
export const googleThrottled = (retryAfterSeconds: number): EmulatorAnswer =>
  googleError(429, "rateLimitExceeded", "Quota exceeded for quota metric 'Queries'", "RESOURCE_EXHAUSTED", {
    "retry-after": String(retryAfterSeconds),
  });

/** A google-workspace source's config for this emulator's service account, signed in as `adminEmail`. */
export const googleWorkspaceSourceConfig = (google: Pick<GmailEmulator, "serviceAccountKey" | "url">, adminEmail: string) => ({
  serviceAccountKey: JSON.stringify(google.serviceAccountKey),
  adminEmail,
  gmailUrl: google.url,
  directoryUrl: google.url,
});

export async function startGmailEmulator(options: { pageSize?: number } = {}): Promise<GmailEmulator> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const users: GmailUser[] = [];
  const tokens = new Map<string, { subject: string; scope: Set<string> }>();
  const clientId = String(100000000000000000000n + BigInt(Math.floor(Math.random() * 1e9)));
  const clientEmail = `archive-sync@emulated-project.iam.gserviceaccount.com`;

  const findUser = (address: string) => users.find((user) => user.primaryEmail === decodeURIComponent(address).toLowerCase());
  const labelId = (user: GmailUser, name: string) => {
    if (SYSTEM_LABELS.includes(name)) return name;
    let label = user.labels.find((entry) => entry.name === name || entry.id === name);
    if (!label) {
      label = { id: `Label_${user.labels.length + 1}`, name, type: "user" };
      user.labels.push(label);
    }
    return label.id;
  };

  const emulator: GmailEmulator = {
    url: "",
    serviceAccountKey: {},
    server: undefined as unknown as EmulatorServer,
    pageSize: options.pageSize ?? 100,
    delegatedScopes: new Set([DIRECTORY_SCOPE, GMAIL_SCOPE]),
    addUser(spec) {
      users.push({
        primaryEmail: spec.primaryEmail.toLowerCase(),
        isAdmin: spec.isAdmin ?? false,
        suspended: spec.suspended ?? false,
        gmailEnabled: spec.gmailEnabled ?? true,
        labels: SYSTEM_LABELS.map((id) => ({ id, name: id, type: "system" as const })),
        messages: [],
        history: [],
        historyId: 1000,
        minHistoryId: 0,
      });
    },
    addLabel: (address, name) => labelId(findUser(address)!, name),
    addMessage(address, raw, labels) {
      const user = findUser(address)!;
      const id = randomBytes(8).toString("hex");
      const labelIds = labels.map((name) => labelId(user, name));
      const historyId = ++user.historyId;
      user.messages.push({ id, threadId: id, raw, labelIds, historyId, internalDate: Date.now() });
      user.history.push({ id: historyId, messagesAdded: [{ message: { id, threadId: id, labelIds } }] });
      return id;
    },
    deleteMessage(address, id) {
      const user = findUser(address)!;
      user.messages = user.messages.filter((message) => message.id !== id);
      user.historyId++;
    },
    addLabels(address, id, labels) {
      const user = findUser(address)!;
      const message = user.messages.find((entry) => entry.id === id)!;
      const added = [...new Set(labels.map((name) => labelId(user, name)))].filter((label) => !message.labelIds.includes(label));
      if (added.length === 0) return;
      message.labelIds = [...message.labelIds, ...added];
      message.historyId = ++user.historyId;
      const ref = { id, threadId: message.threadId, labelIds: [...message.labelIds] };
      user.history.push({ id: message.historyId, labelsAdded: [{ message: ref, labelIds: added }] });
    },
    expireHistory(address) {
      const user = findUser(address)!;
      user.minHistoryId = user.historyId;
      user.historyId += 1000;
    },
    issueToken(subject, scope) {
      const token = `ya29.${randomBytes(24).toString("base64url")}`;
      tokens.set(token, { subject, scope: new Set(scope.split(" ")) });
      return token;
    },
    stop: () => emulator.server.stop(),
  };

  async function token(request: EmulatorRequest): Promise<EmulatorAnswer> {
    const form = new URLSearchParams(request.body.toString("utf8"));
    const grant = (status: number, error: string, description: string) => json(status, { error, error_description: description });
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
      return grant(400, "unsupported_grant_type", "Invalid grant_type: ");
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(form.get("assertion") ?? "", publicKey as KeyObject, {
        algorithms: ["RS256"],
        issuer: clientEmail,
        audience: emulator.serviceAccountKey.token_uri,
        maxTokenAge: "1h",
      }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      return code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED" || code === "ERR_JWS_INVALID"
        ? grant(400, "invalid_grant", "Invalid JWT Signature.")
        : grant(400, "invalid_grant", `Invalid JWT: ${(error as Error).message}`);
    }
    const subject = String(claims.sub ?? "");
    const user = findUser(subject);
    if (!user) return grant(400, "invalid_grant", "Invalid email or User ID");
    const scopes = String(claims.scope ?? "").split(" ");
    if (!scopes.every((scope) => emulator.delegatedScopes.has(scope))) {
      return grant(
        401,
        "unauthorized_client",
        "Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.",
      );
    }
    return json(200, { access_token: emulator.issueToken(subject, scopes.join(" ")), expires_in: 3599, token_type: "Bearer" });
  }

  const unauthenticated = () =>
    googleError(
      401,
      "authError",
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
      "UNAUTHENTICATED",
    );
  const forbidden = () =>
    googleError(403, "insufficientPermissions", "Request had insufficient authentication scopes.", "PERMISSION_DENIED");
  const notFound = () => googleError(404, "notFound", "Requested entity was not found.", "NOT_FOUND");
  const pageOf = <T>(request: EmulatorRequest, items: T[], max: number) => {
    const size = Math.min(Number(request.url.searchParams.get("maxResults") ?? max), emulator.pageSize);
    const offset = decodeToken<number>(request.url.searchParams.get("pageToken") ?? "") ?? 0;
    return { items: items.slice(offset, offset + size), next: offset + size < items.length ? encodeToken(offset + size) : undefined };
  };

  function directory(request: EmulatorRequest, grant: { subject: string; scope: Set<string> }, parts: string[]): EmulatorAnswer {
    if (!grant.scope.has(DIRECTORY_SCOPE) || !findUser(grant.subject)?.isAdmin)
      return googleError(403, "forbidden", "Not Authorized to access this resource/api", "PERMISSION_DENIED");
    const userJson = (user: GmailUser) => ({
      kind: "admin#directory#user",
      id: user.primaryEmail,
      primaryEmail: user.primaryEmail,
      suspended: user.suspended,
      isAdmin: user.isAdmin,
      archived: false,
    });
    if (parts.length === 0) {
      if (!request.url.searchParams.get("customer") && !request.url.searchParams.get("domain"))
        return googleError(400, "badRequest", "Bad Request", "INVALID_ARGUMENT");
      const page = pageOf(request, users, 100);
      return json(200, {
        kind: "admin#directory#users",
        users: page.items.map(userJson),
        ...(page.next ? { nextPageToken: page.next } : {}),
      });
    }
    const user = findUser(parts[0]);
    return user ? json(200, userJson(user)) : googleError(404, "notFound", "Resource Not Found: userKey", "NOT_FOUND");
  }

  function gmail(request: EmulatorRequest, grant: { subject: string; scope: Set<string> }, parts: string[]): EmulatorAnswer {
    if (!grant.scope.has(GMAIL_SCOPE)) return forbidden();
    if (parts[0] !== "me" && decodeURIComponent(parts[0]).toLowerCase() !== grant.subject)
      return googleError(403, "forbidden", "Delegation denied", "PERMISSION_DENIED");
    const user = findUser(grant.subject)!;
    if (!user.gmailEnabled) return googleError(400, "failedPrecondition", "Mail service not enabled", "FAILED_PRECONDITION");
    const [resource, id] = parts.slice(1);
    const params = request.url.searchParams;
    if (resource === "profile") {
      return json(200, {
        emailAddress: user.primaryEmail,
        messagesTotal: user.messages.length,
        threadsTotal: user.messages.length,
        historyId: String(user.historyId),
      });
    }
    if (resource === "labels" && !id) return json(200, { labels: user.labels });
    if (resource === "labels") {
      // users.labels.get: the label with its counts.
      const label = user.labels.find((entry) => entry.id === decodeURIComponent(id));
      if (!label) return notFound();
      const labelled = user.messages.filter((message) => message.labelIds.includes(label.id));
      return json(200, {
        ...label,
        messagesTotal: labelled.length,
        messagesUnread: labelled.filter((message) => message.labelIds.includes("UNREAD")).length,
        threadsTotal: labelled.length,
        threadsUnread: labelled.filter((message) => message.labelIds.includes("UNREAD")).length,
      });
    }
    if (resource === "messages" && !id) {
      const spamTrash = params.get("includeSpamTrash") === "true";
      const listed = [...user.messages]
        .reverse()
        .filter((message) => spamTrash || !message.labelIds.some((label) => label === "SPAM" || label === "TRASH"));
      const page = pageOf(request, listed, 100);
      return json(200, {
        messages: page.items.map((message) => ({ id: message.id, threadId: message.threadId })),
        ...(page.next ? { nextPageToken: page.next } : {}),
        resultSizeEstimate: listed.length,
      });
    }
    if (resource === "messages") {
      const message = user.messages.find((entry) => entry.id === id);
      if (!message) return notFound();
      if (params.get("format") !== "raw") return googleError(400, "invalidArgument", "Only format=raw is emulated", "INVALID_ARGUMENT");
      return json(200, {
        id: message.id,
        threadId: message.threadId,
        labelIds: message.labelIds,
        snippet: "",
        sizeEstimate: message.raw.length,
        historyId: String(message.historyId),
        internalDate: String(message.internalDate),
        raw: message.raw.toString("base64url"),
      });
    }
    if (resource === "history") {
      const start = Number(params.get("startHistoryId"));
      if (!Number.isFinite(start) || start <= 0) return googleError(400, "invalidArgument", "Invalid startHistoryId", "INVALID_ARGUMENT");
      if (start <= user.minHistoryId) return notFound();
      const asked = params.getAll("historyTypes");
      // labelRemoved and messageDeleted are valid types this emulator records none of.
      if (asked.some((type) => !(type in HISTORY_TYPES) && type !== "labelRemoved" && type !== "messageDeleted"))
        return googleError(400, "invalidArgument", "Invalid value for historyTypes", "INVALID_ARGUMENT");
      const fields = Object.entries(HISTORY_TYPES).flatMap(([type, field]) => (asked.length === 0 || asked.includes(type) ? [field] : []));
      const records = user.history
        .filter((record) => record.id > start)
        .map((record) => ({ id: record.id, changes: fields.flatMap((field) => (record[field] ? [[field, record[field]] as const] : [])) }))
        .filter((record) => record.changes.length > 0);
      const page = pageOf(request, records, 100);
      return json(200, {
        history: page.items.map((record) => ({
          id: String(record.id),
          messages: record.changes.flatMap(([, changes]) =>
            changes.map((change) => ({ id: change.message.id, threadId: change.message.threadId })),
          ),
          ...Object.fromEntries(record.changes),
        })),
        ...(page.next ? { nextPageToken: page.next } : {}),
        historyId: String(user.historyId),
      });
    }
    return notFound();
  }

  async function handle(request: EmulatorRequest): Promise<EmulatorAnswer> {
    const path = request.url.pathname;
    if (path === "/token" && request.method === "POST") return token(request);
    const bearer = bearerOf(request);
    const grant = bearer ? tokens.get(bearer) : undefined;
    if (!grant) return unauthenticated();
    if (path.startsWith("/admin/directory/v1/users")) return directory(request, grant, path.split("/").slice(5).filter(Boolean));
    if (path.startsWith("/gmail/v1/users/")) return gmail(request, grant, path.split("/").slice(4).filter(Boolean));
    return notFound();
  }

  emulator.server = await startEmulatorServer(handle);
  emulator.url = emulator.server.url;
  emulator.serviceAccountKey = {
    type: "service_account",
    project_id: "emulated-project",
    private_key_id: randomUUID().replaceAll("-", ""),
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: clientEmail,
    client_id: clientId,
    auth_uri: "https://accounts.google.com/o/oauth2/auth",
    token_uri: `${emulator.url}/token`,
    auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
    client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(clientEmail)}`,
    universe_domain: "googleapis.com",
  };
  return emulator;
}

/**
 * Hostile Gmail answers for the connector's boundary tests (queued on `server.throttle`): message
 * listings whose `nextPageToken` never ends (a new token each time, or the same one again).
 */
export const gmailHostile = {
  endlessMessagePages: () => {
    let page = 0;
    return () => json(200, { messages: [], nextPageToken: `page${++page}`, resultSizeEstimate: 0 });
  },
  repeatedMessagePage: () => () => json(200, { messages: [], nextPageToken: "again", resultSizeEstimate: 0 }),
};
