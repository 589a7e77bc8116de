import { randomBytes, randomUUID } from "node:crypto";
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
 * A Microsoft Graph (v1.0) and Microsoft identity platform (v2.0 token endpoint) emulator for the
 * Microsoft 365 connector's tests, written from Microsoft's public documentation:
 * - `POST /{tenant}/oauth2/v2.0/token`, client credentials grant (`client_id`, `client_secret`,
 *   `scope` = `{resource}/.default`): errors as AADSTS codes (`invalid_client` AADSTS7000215 for a
 *   wrong secret, AADSTS700016 for an unknown application, AADSTS90002 for an unknown tenant,
 *   AADSTS500011 for a resource that is not Graph's: the emulator's own URL, like a proxy's, is not one).
 * - `GET /v1.0/users` (paged by `@odata.nextLink`, `$top`), `GET /v1.0/users/{id | userPrincipalName | mail}`.
 * - `GET /v1.0/users/{id}/mailFolders` and `/mailFolders/{id}/childFolders` (hidden folders only with
 *   `includeHiddenFolders=true`), `/mailFolders/{id | well-known name}`; `totalItemCount`, `childFolderCount`.
 * - `GET /v1.0/users/{id}/mailFolders/{id}/messages/delta`: pages through `@odata.nextLink`
 *   (`$skiptoken`), the last with `@odata.deltaLink` (`$deltatoken`); later rounds answer new messages
 *   and `@removed` ones; an expired delta token answers 410 `SyncStateNotFound`.
 * - `GET /v1.0/users/{id}/messages/{id}/$value`: the MIME bytes, labelled `text/plain`.
 * - A mailbox the API refuses (guest, unlicensed): 404 `MailboxNotEnabledForRESTAPI`.
 * - Throttling: `throttle()` queues 429 (or 503) answers with `Retry-After`.
 * Bearer tokens are checked on every Graph call (401 `InvalidAuthenticationToken`).
 */
export interface GraphFolderSpec {
  displayName: string;
  wellKnownName?: string;
  isHidden?: boolean;
}

interface EmuFolder extends GraphFolderSpec {
  id: string;
  parentId: string | null;
}

interface EmuMessage {
  id: string;
  folderId: string;
  raw: Buffer;
  seq: number;
  deletedSeq: number | null;
}

interface EmuUser {
  id: string;
  mail: string | null;
  userPrincipalName: string;
  userType: "Member" | "Guest";
  mailboxEnabled: boolean;
  folders: EmuFolder[];
  messages: EmuMessage[];
}

export interface GraphEmulator {
  /** The Graph root (`graphUrl`) and the login root (`loginUrl`): the same server. */
  url: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  server: EmulatorServer;
  /** Page size of every collection (Graph's default is 10 for messages; small to make several pages). */
  pageSize: number;
  addUser(options: {
    mail: string | null;
    userPrincipalName?: string;
    userType?: "Member" | "Guest";
    mailboxEnabled?: boolean;
    language?: "en" | "de";
  }): string;
  /** Creates the folder path (names split on "/") under the mailbox's top; answers the last folder's id. */
  addFolder(user: string, path: string, options?: { isHidden?: boolean }): string;
  /** A message in the folder at `path` (created if missing, well-known display names included); answers its id. */
  addMessage(user: string, path: string, raw: Buffer): string;
  deleteMessage(user: string, id: string): void;
  /** Every delta token issued so far answers 410 from now on. */
  expireDeltaTokens(): void;
  /** Valid access tokens issued (for the official-client test). */
  issueToken(): string;
  stop(): Promise<void>;
}

const WELL_KNOWN: Record<"en" | "de", [string, string][]> = {
  en: [
    ["inbox", "Inbox"],
    ["sentitems", "Sent Items"],
    ["drafts", "Drafts"],
    ["deleteditems", "Deleted Items"],
    ["junkemail", "Junk Email"],
    ["archive", "Archive"],
  ],
  de: [
    ["inbox", "Posteingang"],
    ["sentitems", "Gesendete Elemente"],
    ["drafts", "Entwürfe"],
    ["deleteditems", "Gelöschte Elemente"],
    ["junkemail", "Junk-E-Mail"],
    ["archive", "Archiv"],
  ],
};

/** The public cloud's Graph resource: the only one this tenant grants tokens for. */
const GRAPH_RESOURCE = "https://graph.microsoft.com";

export const graphError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message, innerError: { "request-id": randomUUID(), date: new Date().toISOString() } } }, headers);

/** A microsoft365 source's config for this emulator's tenant and application. */
export const microsoft365SourceConfig = (graph: Pick<GraphEmulator, "tenantId" | "clientId" | "clientSecret" | "url">) => ({
  tenantId: graph.tenantId,
  clientId: graph.clientId,
  clientSecret: graph.clientSecret,
  graphUrl: graph.url,
  loginUrl: graph.url,
});

export async function startGraphEmulator(options: { pageSize?: number } = {}): Promise<GraphEmulator> {
  const tenantId = randomUUID();
  const clientId = randomUUID();
  const clientSecret = `Emu~${randomBytes(18).toString("base64url")}`;
  const users: EmuUser[] = [];
  const tokens = new Set<string>();
  let seq = 0;
  let epoch = 1;

  const emulator: GraphEmulator = {
    url: "",
    tenantId,
    clientId,
    clientSecret,
    server: undefined as unknown as EmulatorServer,
    pageSize: options.pageSize ?? 10,
    addUser(spec) {
      const user: EmuUser = {
        id: randomUUID(),
        mail: spec.mail,
        userPrincipalName: spec.userPrincipalName ?? spec.mail ?? `${randomUUID()}@tenant.onmicrosoft.com`,
        userType: spec.userType ?? "Member",
        mailboxEnabled: spec.mailboxEnabled ?? true,
        folders: [],
        messages: [],
      };
      for (const [wellKnownName, displayName] of WELL_KNOWN[spec.language ?? "en"]) {
        user.folders.push({ id: folderId(), parentId: null, displayName, wellKnownName });
      }
      user.folders.push({ id: folderId(), parentId: null, displayName: "Conversation History", isHidden: true });
      users.push(user);
      return user.id;
    },
    addFolder(userId, path, folderOptions = {}) {
      const user = findUser(userId)!;
      let parentId: string | null = null;
      let found: EmuFolder | undefined;
      for (const name of path.split("/")) {
        found = user.folders.find((folder) => folder.parentId === parentId && folder.displayName === name);
        if (!found) {
          found = { id: folderId(), parentId, displayName: name, isHidden: folderOptions.isHidden };
          user.folders.push(found);
        }
        parentId = found.id;
      }
      return found!.id;
    },
    addMessage(userId, path, raw) {
      const user = findUser(userId)!;
      const id = messageId();
      user.messages.push({ id, folderId: emulator.addFolder(userId, path), raw, seq: ++seq, deletedSeq: null });
      return id;
    },
    deleteMessage(userId, id) {
      const message = findUser(userId)!.messages.find((entry) => entry.id === id)!;
      message.deletedSeq = ++seq;
    },
    expireDeltaTokens() {
      epoch++;
    },
    issueToken() {
      const token = randomBytes(24).toString("base64url");
      tokens.add(token);
      return token;
    },
    stop: () => emulator.server.stop(),
  };

  const folderId = () => `AAMkF${randomBytes(24).toString("base64url")}=`;
  const messageId = () => `AAMkM${randomBytes(30).toString("base64url")}=`;
  const findUser = (key: string) => {
    const lower = decodeURIComponent(key).toLowerCase();
    return users.find((user) => user.id === key || user.userPrincipalName.toLowerCase() === lower || user.mail?.toLowerCase() === lower);
  };
  const live = (user: EmuUser) => user.messages.filter((message) => message.deletedSeq === null);
  const folderJson = (user: EmuUser, folder: EmuFolder) => ({
    id: folder.id,
    displayName: folder.displayName,
    parentFolderId: folder.parentId ?? "AAMkRoot=",
    childFolderCount: user.folders.filter((child) => child.parentId === folder.id).length,
    totalItemCount: live(user).filter((message) => message.folderId === folder.id).length,
    unreadItemCount: 0,
    isHidden: Boolean(folder.isHidden),
  });

  /** One page of `items` from `$skip`, with `@odata.nextLink` when more follow. */
  const paged = (request: EmulatorRequest, items: unknown[]) => {
    const top = Math.min(Number(request.url.searchParams.get("$top") ?? emulator.pageSize), emulator.pageSize, 999);
    const skip = Number(request.url.searchParams.get("$skip") ?? 0);
    const next = new URL(request.url.toString().replace("http://127.0.0.1", emulator.url));
    next.searchParams.set("$skip", String(skip + top));
    return json(200, {
      "@odata.context": `${emulator.url}/v1.0/$metadata`,
      value: items.slice(skip, skip + top),
      ...(skip + top < items.length ? { "@odata.nextLink": next.toString() } : {}),
    });
  };

  function token(request: EmulatorRequest, tenant: string): EmulatorAnswer {
    const form = new URLSearchParams(request.body.toString("utf8"));
    const aad = (status: number, error: string, code: string, description: string) =>
      json(status, { error, error_description: `${code}: ${description}`, error_codes: [Number(code.slice(5))], trace_id: randomUUID() });
    if (tenant !== tenantId) return aad(400, "invalid_request", "AADSTS90002", `Tenant '${tenant}' not found.`);
    if (form.get("grant_type") !== "client_credentials")
      return aad(400, "unsupported_grant_type", "AADSTS70003", "The app requested an unsupported grant type.");
    if (form.get("client_id") !== clientId)
      return aad(
        400,
        "unauthorized_client",
        "AADSTS700016",
        `Application with identifier '${form.get("client_id")}' was not found in the directory.`,
      );
    if (form.get("client_secret") !== clientSecret)
      return aad(
        401,
        "invalid_client",
        "AADSTS7000215",
        `Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${clientId}'.`,
      );
    if (!/\/\.default$/.test(form.get("scope") ?? ""))
      return aad(
        400,
        "invalid_scope",
        "AADSTS1002012",
        "The provided value for scope is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier.",
      );
    // Entra ID knows Graph by its identifier, whatever URL (a proxy, this emulator) the client calls it at.
    const resource = (form.get("scope") ?? "").replace(/\/\.default$/, "");
    if (resource !== GRAPH_RESOURCE)
      return aad(
        400,
        "invalid_resource",
        "AADSTS500011",
        `The resource principal named ${resource} was not found in the tenant named ${tenant}.`,
      );
    return json(200, { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: emulator.issueToken() });
  }

  function delta(request: EmulatorRequest, user: EmuUser, folder: EmuFolder): EmulatorAnswer {
    const params = request.url.searchParams;
    type DeltaState = { since: number; epoch: number; upto?: number; offset?: number };
    const given = params.get("$deltatoken") ?? params.get("$skiptoken");
    const state: DeltaState | null = given ? decodeToken<DeltaState>(given) : { since: 0, epoch };
    if (!state || state.epoch !== epoch)
      return graphError(410, "SyncStateNotFound", "The sync state generation is not found. Please restart the sync.");
    const upto = state.upto ?? seq;
    const offset = state.offset ?? 0;
    const inFolder = user.messages.filter((message) => message.folderId === folder.id);
    const changes = [
      ...inFolder
        .filter((message) => message.seq > state.since && message.seq <= upto && (message.deletedSeq === null || message.deletedSeq > upto))
        .map((message) => ({ "@odata.type": "#microsoft.graph.message", id: message.id })),
      ...inFolder
        .filter(
          (message) =>
            message.seq <= state.since && message.deletedSeq !== null && message.deletedSeq > state.since && message.deletedSeq <= upto,
        )
        .map((message) => ({ id: message.id, "@removed": { reason: "deleted" } })),
    ];
    const size = Math.min(
      emulator.pageSize,
      Number(/odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ""))?.[1] ?? emulator.pageSize),
    );
    const page = changes.slice(offset, offset + size);
    const base = `${emulator.url}${request.url.pathname}`;
    const more = offset + size < changes.length;
    return json(200, {
      "@odata.context": `${emulator.url}/v1.0/$metadata#Collection(message)`,
      value: page,
      ...(more
        ? { "@odata.nextLink": `${base}?$skiptoken=${encodeToken({ since: state.since, upto, offset: offset + size, epoch })}` }
        : { "@odata.deltaLink": `${base}?$deltatoken=${encodeToken({ since: upto, epoch })}` }),
    });
  }

  async function handle(request: EmulatorRequest): Promise<EmulatorAnswer> {
    const path = request.url.pathname;
    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (tokenPath && request.method === "POST") return token(request, decodeURIComponent(tokenPath[1]));
    if (!path.startsWith("/v1.0/")) return graphError(404, "UnknownError", "");
    const bearer = bearerOf(request);
    if (!bearer || !tokens.has(bearer))
      return graphError(401, "InvalidAuthenticationToken", bearer ? "Access token validation failure." : "Access token is empty.");
    if (request.method !== "GET") return graphError(405, "Request_BadRequest", "Only GET is emulated");
    const parts = path.slice("/v1.0/".length).split("/").map(decodeURIComponent);
    if (parts[0] !== "users") return graphError(400, "BadRequest", `Resource not found for the segment '${parts[0]}'.`);
    const userJson = (user: EmuUser) => ({
      id: user.id,
      mail: user.mail,
      userPrincipalName: user.userPrincipalName,
      userType: user.userType,
    });
    if (parts.length === 1) return paged(request, users.map(userJson));
    const user = findUser(parts[1]);
    if (!user)
      return graphError(
        404,
        "Request_ResourceNotFound",
        `Resource '${parts[1]}' does not exist or one of its queried reference-property objects are not present.`,
      );
    if (parts.length === 2) return json(200, userJson(user));
    if (!user.mailboxEnabled)
      return graphError(404, "MailboxNotEnabledForRESTAPI", "The mailbox is either inactive, soft-deleted, or is hosted on-premise.");
    const hidden = request.url.searchParams.get("includeHiddenFolders") === "true";
    const visible = (folder: EmuFolder) => hidden || !folder.isHidden;
    if (parts[2] === "messages" && parts.length === 5 && parts[4] === "$value") {
      const message = live(user).find((entry) => entry.id === parts[3]);
      if (!message) return graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");
      return { status: 200, headers: { "content-type": "text/plain" }, raw: message.raw };
    }
    if (parts[2] !== "mailFolders") return graphError(400, "BadRequest", "Unsupported segment");
    if (parts.length === 3)
      return paged(
        request,
        user.folders.filter((folder) => folder.parentId === null && visible(folder)).map((folder) => folderJson(user, folder)),
      );
    const folder = user.folders.find((entry) => entry.id === parts[3] || entry.wellKnownName === parts[3].toLowerCase());
    if (!folder) return graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");
    if (parts.length === 4) return json(200, folderJson(user, folder));
    if (parts[4] === "childFolders" && parts.length === 5) {
      return paged(
        request,
        user.folders.filter((child) => child.parentId === folder.id && visible(child)).map((child) => folderJson(user, child)),
      );
    }
    if (parts[4] === "messages" && parts[5] === "delta" && parts.length === 6) return delta(request, user, folder);
    return graphError(400, "BadRequest", "Unsupported segment");
  }

  emulator.server = await startEmulatorServer(handle);
  emulator.url = emulator.server.url;
  return emulator;
}

/** A Graph throttling answer: 429 `TooManyRequests` with `Retry-After` seconds. */
export const graphThrottled = (retryAfterSeconds: number, status = 429): EmulatorAnswer =>
  graphError(status, status === 429 ? "TooManyRequests" : "ServiceUnavailable", "Too many requests, please retry later.", {
    "retry-after": String(retryAfterSeconds),
  });

/**
 * Hostile Graph answers for the connector's boundary tests (queued on `server.throttle`): a delta page
 * whose `@odata.nextLink` names another host, and delta pages that never end (a new link each time,
 * or the same link again).
 */
export const graphHostile = {
  foreignNextLink: (foreign: string) => (request: EmulatorRequest) =>
    json(200, { value: [], "@odata.nextLink": `${foreign}${request.url.pathname}?$skiptoken=elsewhere` }),
  foreignDeltaLink: (foreign: string) => (request: EmulatorRequest) =>
    json(200, { value: [], "@odata.deltaLink": `${foreign}${request.url.pathname}?$deltatoken=elsewhere` }),
  endlessPages: (base: string) => {
    let page = 0;
    return (request: EmulatorRequest) =>
      json(200, { value: [], "@odata.nextLink": `${base}${request.url.pathname}?$skiptoken=page${++page}` });
  },
  repeatedPage: (base: string) => (request: EmulatorRequest) =>
    json(200, { value: [], "@odata.nextLink": `${base}${request.url.pathname}?$skiptoken=again` }),
};
