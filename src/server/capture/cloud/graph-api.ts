import {
  cloudFetch,
  CloudHttpError,
  getJson,
  isUnderBase,
  PageWalk,
  ProviderRequestError,
  requestToken,
  type ProviderLimits,
  type ThrottleCounter,
  type ThrottlePolicy,
} from "./cloud-http";

/**
 * The Microsoft Graph calls the Microsoft 365 connector makes (v1.0), over plain fetch against the
 * configured `graphUrl` and `loginUrl` (docs/connectors.md says why not the Graph SDK). Token: OAuth 2.0
 * client credentials at `{loginUrl}/{tenantId}/oauth2/v2.0/token`, scope `graphScope` or the Graph
 * resource of `graphUrl`'s cloud (`graphScopeFor`). A link Graph answers (`@odata.nextLink`,
 * `@odata.deltaLink`, a stored delta link) is followed only under `graphUrl` (cloud-http.ts `isUnderBase`).
 */
export interface GraphSettings {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  graphUrl: string;
  loginUrl: string;
  graphScope?: string;
  throttle?: ThrottlePolicy;
  limits?: ProviderLimits;
  signal?: AbortSignal;
  counter?: ThrottleCounter;
}

export interface GraphUser {
  id: string;
  mail: string | null;
  userPrincipalName: string;
  userType?: string | null;
}

export interface GraphFolder {
  id: string;
  displayName: string;
  /** The names from the top of the mailbox, joined by "/". */
  path: string;
  totalItemCount: number;
  childFolderCount: number;
}

interface Page<T> {
  value: T[];
  "@odata.nextLink"?: string;
  "@odata.deltaLink"?: string;
}

export interface DeltaItem {
  id: string;
  "@removed"?: { reason: string };
}

/** The national clouds' Graph hosts, which are their own resources; any other host (public cloud, a proxy) is the public cloud's. */
const NATIONAL_GRAPH_HOSTS = new Set(["graph.microsoft.us", "dod-graph.microsoft.us", "microsoftgraph.chinacloudapi.cn"]);

/**
 * The token's scope: the Graph resource's identifier with `/.default`, never the configured URL
 * itself (Entra ID refuses a proxy's URL as a resource: AADSTS500011).
 */
export function graphScopeFor(graphUrl: string, graphScope?: string): string {
  if (graphScope) return graphScope;
  const host = new URL(graphUrl).hostname.toLowerCase();
  return NATIONAL_GRAPH_HOSTS.has(host) ? `https://${host}/.default` : "https://graph.microsoft.com/.default";
}
/** Pages a tenant's user listing may take (999 users a page: a million users). */
const USER_PAGES = 1000;
/** Pages one folder's child folder listing may take (100 a page: 100,000 folders). */
const FOLDER_PAGES = 1000;
/** Tokens live an hour; one is renewed after this long. */
const TOKEN_LIFETIME_MS = 45 * 60 * 1000;

export class GraphApi {
  private token: { value: string; at: number } | null = null;

  constructor(private readonly settings: GraphSettings) {}

  private get options() {
    const { throttle, counter, limits, signal } = this.settings;
    return { throttle, counter, limits, signal };
  }

  /** The app's access token (client credentials); a wrong tenant, client or secret throws a CloudHttpError (400/401). */
  async accessToken(): Promise<string> {
    if (this.token && Date.now() - this.token.at < TOKEN_LIFETIME_MS) return this.token.value;
    const { loginUrl, tenantId, clientId, clientSecret, graphUrl, graphScope } = this.settings;
    const value = await requestToken(
      `${loginUrl}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`,
      { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret, scope: graphScopeFor(graphUrl, graphScope) },
      this.options,
    );
    this.token = { value, at: Date.now() };
    return value;
  }

  url(path: string): string {
    return `${this.settings.graphUrl}/v1.0${path}`;
  }

  private async get<T>(url: string): Promise<T> {
    return getJson<T>(url, await this.accessToken(), this.options);
  }

  /** Throws unless `link` is under the configured `graphUrl` (the token goes nowhere else). */
  private checkLink(link: string): void {
    if (!isUnderBase(link, this.settings.graphUrl))
      throw new ProviderRequestError(
        "listing",
        `Graph answered a link outside the configured graphUrl (${this.settings.graphUrl}): not followed`,
      );
  }

  /**
   * Every page of a collection, following `@odata.nextLink`; the last page's `@odata.deltaLink` is
   * answered. Each link (the first too: a stored delta link) must be under `graphUrl`; a link given
   * twice, or more than `maxPages` pages, fails the listing.
   */
  async *pages<T>(url: string, maxPages: number): AsyncGenerator<T[], string | null> {
    const walk = new PageWalk("Graph listing", maxPages);
    let next: string | undefined = url;
    while (next) {
      this.checkLink(next);
      walk.next(next);
      const page: Page<T> = await this.get<Page<T>>(next);
      yield Array.isArray(page.value) ? page.value : [];
      const deltaLink = page["@odata.deltaLink"];
      if (deltaLink) {
        this.checkLink(deltaLink);
        return deltaLink;
      }
      next = page["@odata.nextLink"];
    }
    return null;
  }

  /** Every user of the tenant (needs User.Read.All). */
  async listUsers(): Promise<GraphUser[]> {
    const users: GraphUser[] = [];
    for await (const page of this.pages<GraphUser>(this.url("/users?$select=id,mail,userPrincipalName,userType&$top=999"), USER_PAGES))
      users.push(...page);
    return users;
  }

  /** One user by address (mail or user principal name); null when the tenant has none. */
  async findUser(address: string): Promise<GraphUser | null> {
    try {
      return await this.get<GraphUser>(this.url(`/users/${encodeURIComponent(address)}?$select=id,mail,userPrincipalName,userType`));
    } catch (error) {
      if (error instanceof CloudHttpError && error.status === 404) return null;
      throw error;
    }
  }

  /** A well-known folder (`deleteditems`, `junkemail` …), whatever the mailbox's language calls it; null when it has none. */
  async wellKnownFolder(userId: string, name: string): Promise<Omit<GraphFolder, "path"> | null> {
    try {
      return await this.get<Omit<GraphFolder, "path">>(
        this.url(`/users/${encodeURIComponent(userId)}/mailFolders/${name}?$select=id,displayName,totalItemCount,childFolderCount`),
      );
    } catch (error) {
      if (error instanceof CloudHttpError && error.status === 404 && error.code !== "MailboxNotEnabledForRESTAPI") return null;
      throw error;
    }
  }

  /**
   * The whole folder tree (or the subfolders of `under`), hidden folders included, parents before
   * children; `skip` ids are left out with their subfolders.
   */
  async folderTree(userId: string, skip: Set<string>, under?: { id: string; path: string }): Promise<GraphFolder[]> {
    const folders: GraphFolder[] = [];
    const select = "$select=id,displayName,totalItemCount,childFolderCount&includeHiddenFolders=true&$top=100";
    const childrenOf = (id: string) =>
      this.url(`/users/${encodeURIComponent(userId)}/mailFolders/${encodeURIComponent(id)}/childFolders?${select}`);
    const walk = async (url: string, parentPath: string) => {
      for await (const page of this.pages<Omit<GraphFolder, "path">>(url, FOLDER_PAGES)) {
        for (const folder of page) {
          if (skip.has(folder.id)) continue;
          const path = parentPath ? `${parentPath}/${folder.displayName}` : folder.displayName;
          folders.push({ ...folder, path });
          if (folder.childFolderCount > 0) await walk(childrenOf(folder.id), path);
        }
      }
    };
    await walk(under ? childrenOf(under.id) : this.url(`/users/${encodeURIComponent(userId)}/mailFolders?${select}`), under?.path ?? "");
    return folders;
  }

  /** The first delta request of a folder's messages (a full listing); later ones follow the stored delta link. */
  deltaStart(userId: string, folderId: string): string {
    return this.url(`/users/${encodeURIComponent(userId)}/mailFolders/${encodeURIComponent(folderId)}/messages/delta?$select=id`);
  }

  /** A message's MIME bytes as stored (`$value`; Graph labels them text/plain, so they are read as bytes). */
  async mime(userId: string, messageId: string): Promise<Buffer> {
    const response = await cloudFetch(
      this.url(`/users/${encodeURIComponent(userId)}/messages/${encodeURIComponent(messageId)}/$value`),
      { headers: { authorization: `Bearer ${await this.accessToken()}` } },
      { ...this.options, kind: "message" },
    );
    return response.body;
  }
}
