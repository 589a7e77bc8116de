import { cloudFetch, CloudHttpError, getJson, requestToken, type ThrottleCounter, type ThrottlePolicy } from "./cloud-http";

/**
 * The Microsoft Graph calls the Microsoft 365 connector makes (v1.0), over plain fetch against the
 * configured `graphUrl` and `loginUrl` (docs/connectors.md says why not the Graph SDK). Token: OAuth 2.0
 * client credentials at `{loginUrl}/{tenantId}/oauth2/v2.0/token`, scope `{graphUrl}/.default`.
 */
export interface GraphSettings {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  graphUrl: string;
  loginUrl: string;
  throttle?: ThrottlePolicy;
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

/** Public-cloud scope for the public-cloud Graph URL; a national cloud's own for its URL. */
const scopeFor = (graphUrl: string) => `${graphUrl}/.default`;
/** Tokens live an hour; one is renewed after this long. */
const TOKEN_LIFETIME_MS = 45 * 60 * 1000;

export class GraphApi {
  private token: { value: string; at: number } | null = null;

  constructor(private readonly settings: GraphSettings) {}

  private get options() {
    return { throttle: this.settings.throttle, counter: this.settings.counter };
  }

  /** The app's access token (client credentials); a wrong tenant, client or secret throws a CloudHttpError (400/401). */
  async accessToken(): Promise<string> {
    if (this.token && Date.now() - this.token.at < TOKEN_LIFETIME_MS) return this.token.value;
    const { loginUrl, tenantId, clientId, clientSecret, graphUrl } = this.settings;
    const value = await requestToken(
      `${loginUrl}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`,
      { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret, scope: scopeFor(graphUrl) },
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

  /** Every page of a collection, following `@odata.nextLink`; the last page's `@odata.deltaLink` is answered. */
  async *pages<T>(url: string): AsyncGenerator<T[], string | null> {
    let next: string | undefined = url;
    while (next) {
      const page: Page<T> = await this.get<Page<T>>(next);
      yield page.value;
      if (page["@odata.deltaLink"]) return page["@odata.deltaLink"];
      next = page["@odata.nextLink"];
    }
    return null;
  }

  /** Every user of the tenant (needs User.Read.All). */
  async listUsers(): Promise<GraphUser[]> {
    const users: GraphUser[] = [];
    for await (const page of this.pages<GraphUser>(this.url("/users?$select=id,mail,userPrincipalName,userType&$top=999")))
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
      for await (const page of this.pages<Omit<GraphFolder, "path">>(url)) {
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
      this.options,
    );
    return Buffer.from(await response.arrayBuffer());
  }
}
