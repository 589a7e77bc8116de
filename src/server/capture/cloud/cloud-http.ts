import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from "node:dns";
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { config } from "../../platform/config/env";
import { isAllowedPrivateHost, isInternalAddress, providerUrlProblem } from "./provider-address-rule";

/**
 * The one way to the cloud providers (Microsoft Graph and identity platform, Gmail, Google's directory
 * and token endpoints): every request goes through `providerRequest`, which holds the provider
 * boundary's rules (docs/security.md, "Threat model"):
 * - the address rule (provider-address-rule.ts) before connecting, and again on every address DNS
 *   answers when connecting (so a name that resolves, or later rebinds, to an internal address is refused);
 * - a connect timeout and a total timeout, and the caller's AbortSignal (a deleted source's sync);
 * - the body streamed under a cap (`MAX_MESSAGE_BYTES` for a message, a few MB for a JSON page);
 * - no redirect followed; error texts from the HTTP status and the provider's JSON `error` code and
 *   message only (bounded, control characters removed), never a raw body or a parser message.
 * Throttling is honoured: a 429 or 503, or Google's 403 `rateLimitExceeded` / `userRateLimitExceeded`,
 * is retried after its `Retry-After` (seconds or an HTTP date), or with exponential backoff when it has
 * none, up to `maxAttempts`; only then is it an error.
 */

export class CloudHttpError extends Error {
  constructor(
    readonly status: number,
    /** The provider's error code (`MailboxNotEnabledForRESTAPI`, `invalid_client`, `notFound` …), when it gave one. */
    readonly code: string,
    readonly providerMessage: string,
    readonly url: string,
  ) {
    super(`${status}${code ? ` ${code}` : ""}${providerMessage ? `: ${providerMessage}` : ""}`);
    this.name = "CloudHttpError";
  }
}

/**
 * A provider request that got no usable answer: refused by the address rule (`refused`), too slow
 * (`timeout`), larger than its cap (`too-large`), unreachable (`network`), not JSON (`invalid`),
 * cancelled (`cancelled`: its source was deleted), or a listing that cannot be followed (`listing`: a
 * link to another place than the configured URL, a page link or token answered twice, more pages than
 * its folder can hold). The message is ours, safe to show and store.
 */
export class ProviderRequestError extends Error {
  constructor(
    readonly kind: "refused" | "timeout" | "too-large" | "network" | "invalid" | "cancelled" | "listing",
    message: string,
  ) {
    super(message);
    this.name = "ProviderRequestError";
  }

  /** Network failures and timeouts may pass by themselves; the rest will not. */
  get retryable(): boolean {
    return this.kind === "timeout" || this.kind === "network";
  }
}

export interface ThrottlePolicy {
  maxAttempts: number;
  /** The first backoff without Retry-After, doubled each time. */
  baseDelayMs: number;
  /** No wait is longer than this, whatever Retry-After says. */
  maxDelayMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { maxAttempts: 8, baseDelayMs: 1000, maxDelayMs: 120_000 };

/** How long a provider request may take and how large its answer may be. */
export interface ProviderLimits {
  connectTimeoutMs: number;
  /** A JSON request, from start to the body's last byte. */
  jsonTimeoutMs: number;
  /** A message download (up to `maxMessageBytes`), from start to its last byte. */
  messageTimeoutMs: number;
  /** A JSON page (or an error body): Graph's and Gmail's pages are a few hundred KB at most. */
  maxJsonBytes: number;
  /** A message's bytes: MAX_MESSAGE_BYTES unless set. */
  maxMessageBytes?: number;
}

export const DEFAULT_LIMITS: ProviderLimits = {
  connectTimeoutMs: 15_000,
  jsonTimeoutMs: 120_000,
  messageTimeoutMs: 15 * 60_000,
  maxJsonBytes: 8 * 1024 * 1024,
};

/** Counts what throttling cost a sync (reported in its audit entry). */
export interface ThrottleCounter {
  throttled: number;
}

/** What every call of a sync carries: its throttling policy and counter, its limits, its cancellation. */
export interface CloudCallOptions {
  throttle?: ThrottlePolicy;
  counter?: ThrottleCounter;
  limits?: ProviderLimits;
  signal?: AbortSignal;
}

const RATE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);

/** Provider text as it may be shown and stored: printable, one line, bounded. */
export const sanitisedProviderText = (value: unknown, max = 300) =>
  String(value ?? "")
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .trim()
    .slice(0, max);
/** A provider's error code: a token of letters, digits and `._:-` only. */
const sanitisedCode = (value: unknown) => (/^[A-Za-z0-9._:-]{1,80}$/.test(String(value ?? "")) ? String(value) : "");

/** The provider's error code and message from a JSON error body (Graph, Google APIs, OAuth token endpoints); nothing from any other body. */
function errorDetails(body: Buffer): { code: string; message: string; reasons: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return { code: "", message: "", reasons: [] };
  }
  const error = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>).error : undefined;
  if (typeof error === "string")
    return {
      code: sanitisedCode(error),
      message: sanitisedProviderText((parsed as Record<string, unknown>).error_description ?? ""),
      reasons: [],
    };
  if (error && typeof error === "object") {
    const fields = error as { code?: unknown; message?: unknown; status?: unknown; errors?: unknown };
    const reasons = (Array.isArray(fields.errors) ? fields.errors : []).map((entry) =>
      sanitisedCode((entry as { reason?: unknown } | null)?.reason),
    );
    const code = sanitisedCode(typeof fields.code === "string" ? fields.code : (fields.status ?? reasons[0]));
    return { code, message: sanitisedProviderText(fields.message), reasons };
  }
  return { code: "", message: "", reasons: [] };
}

/** The wait a throttled answer asks for, in ms (null without a usable Retry-After). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const cancelled = () => new ProviderRequestError("cancelled", "the sync was cancelled (its source was deleted or changed)");

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * DNS for a provider connection: every address of the name is checked, and one internal address
 * refuses the connection (unless the operator allowed the host), so the check and the connection
 * use the same answer (no second lookup to rebind).
 */
function guardedLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...(options as LookupOneOptions), all: true } as LookupAllOptions, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (!isAllowedPrivateHost(hostname)) {
        const internal = addresses.find((entry) => isInternalAddress(entry.address));
        if (internal || addresses.length === 0)
          return callback(
            new ProviderRequestError("refused", `${hostname} resolves to an internal address; list it in CLOUD_PRIVATE_HOSTS to allow it`),
            "",
            0,
          );
      }
      if ((options as { all?: boolean }).all) (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Connections are kept alive between a sync's requests (one per message: a handshake each would cost
 * more than the download); each new connection resolves through the guarded lookup.
 */
const agents = {
  http: new HttpAgent({ keepAlive: true, lookup: guardedLookup() }),
  https: new HttpsAgent({ keepAlive: true, lookup: guardedLookup() }),
};

export interface ProviderAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request to a provider under the boundary's rules (above); answers whatever status came back,
 * with its body read under the cap of its kind (a non-2xx body under the JSON cap, or left unread).
 */
export function providerRequest(
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  options: { kind: "json" | "message"; limits?: ProviderLimits; signal?: AbortSignal },
): Promise<ProviderAnswer> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const problem = providerUrlProblem(target);
  if (problem) return Promise.reject(new ProviderRequestError("refused", `the provider URL ${problem}`));
  if (options.signal?.aborted) return Promise.reject(cancelled());
  const url = new URL(target);
  const cap = options.kind === "message" ? (limits.maxMessageBytes ?? config.maxMessageBytes) : limits.maxJsonBytes;
  const totalMs = options.kind === "message" ? limits.messageTimeoutMs : limits.jsonTimeoutMs;
  const what = options.kind === "message" ? "message" : "answer";
  return new Promise<ProviderAnswer>((resolve, reject) => {
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (error: Error | null, answer?: ProviderAnswer) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(answer!);
    };
    const onAbort = () => finish(cancelled());
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(url, {
      method: init.method ?? "GET",
      headers: {
        ...init.headers,
        "accept-encoding": "identity",
        ...(init.body ? { "content-length": String(Buffer.byteLength(init.body)) } : {}),
      },
      lookup: guardedLookup(),
      agent: url.protocol === "https:" ? agents.https : agents.http,
    });
    options.signal?.addEventListener("abort", onAbort, { once: true });
    timers.push(
      setTimeout(
        () => finish(new ProviderRequestError("timeout", `${url.host} did not answer within ${Math.round(totalMs / 1000)} s`)),
        totalMs,
      ),
    );
    request.on("socket", (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () =>
          finish(
            new ProviderRequestError("timeout", `could not connect to ${url.host} within ${Math.round(limits.connectTimeoutMs / 1000)} s`),
          ),
        limits.connectTimeoutMs,
      );
      timers.push(timer);
      socket.once("connect", () => clearTimeout(timer));
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error instanceof ProviderRequestError) return finish(error);
      const cause = (error.cause as NodeJS.ErrnoException | undefined) ?? error;
      if (cause instanceof ProviderRequestError) return finish(cause);
      finish(new ProviderRequestError("network", `could not reach ${url.host} (${sanitisedCode(cause.code) || "connection failed"})`));
    });
    request.on("response", (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const ok = status >= 200 && status < 300;
      // An error body is read under the JSON cap whatever was asked for: only its JSON error is used,
      // and a larger one is dropped (the status still says what happened).
      const limit = ok ? cap : limits.maxJsonBytes;
      const tooLarge = () => {
        // The rest of the body is never read: the connection goes with it.
        request.destroy();
        if (ok) finish(new ProviderRequestError("too-large", `the provider's ${what} is larger than ${limit} bytes (the limit)`));
        else finish(null, { status, headers: response.headers, body: Buffer.alloc(0) });
      };
      if (Number(response.headers["content-length"] ?? 0) > limit) return tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) return tooLarge();
        chunks.push(chunk);
      });
      response.on("end", () => finish(null, { status, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", () => finish(new ProviderRequestError("network", `${url.host} broke off its answer`)));
    });
    request.end(init.body);
  });
}

/**
 * One request, retried while throttled; any other non-2xx answer throws a CloudHttpError (3xx too:
 * no redirect is followed). Failures without an answer throw a ProviderRequestError.
 */
export async function cloudFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  options: CloudCallOptions & { kind?: "json" | "message" } = {},
): Promise<ProviderAnswer> {
  const policy = options.throttle ?? DEFAULT_THROTTLE;
  for (let attempt = 1; ; attempt++) {
    const response = await providerRequest(url, init, { kind: options.kind ?? "json", limits: options.limits, signal: options.signal });
    if (response.status >= 200 && response.status < 300) return response;
    const details = errorDetails(response.body);
    const throttled =
      response.status === 429 ||
      response.status === 503 ||
      (response.status === 403 && details.reasons.some((reason) => RATE_LIMIT_REASONS.has(reason)));
    if (!throttled || attempt >= policy.maxAttempts) {
      throw new CloudHttpError(response.status, details.reasons.find(Boolean) ?? details.code, details.message, url);
    }
    if (options.counter) options.counter.throttled++;
    const header = response.headers["retry-after"];
    const asked = retryAfterMs(typeof header === "string" ? header : null);
    const backoff = policy.baseDelayMs * 2 ** (attempt - 1);
    await sleep(Math.min(policy.maxDelayMs, asked ?? backoff), options.signal);
  }
}

/** A JSON body, or a ProviderRequestError that says so (never the parser's message). */
function parsedJson<T>(answer: ProviderAnswer): T {
  try {
    return JSON.parse(answer.body.toString("utf8")) as T;
  } catch {
    throw new ProviderRequestError("invalid", `the provider answered ${answer.status} with a body that is not JSON`);
  }
}

/** A JSON GET with a bearer token. */
export async function getJson<T>(url: string, token: string, options: CloudCallOptions = {}): Promise<T> {
  return parsedJson<T>(await cloudFetch(url, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } }, options));
}

/** A form POST to an OAuth 2.0 token endpoint; answers the access token. */
export async function requestToken(url: string, form: Record<string, string>, options: CloudCallOptions = {}): Promise<string> {
  const response = await cloudFetch(
    url,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(form).toString(),
    },
    options,
  );
  const body = parsedJson<{ access_token?: unknown } | null>(response);
  if (typeof body?.access_token !== "string")
    throw new CloudHttpError(response.status, "no_token", "the token endpoint answered no access_token", url);
  return body.access_token;
}

/** Whether `link` is under `base`: same scheme, host and port, and a path below base's (a provider's own link, never elsewhere). */
export function isUnderBase(link: string, base: string): boolean {
  let target: URL;
  let root: URL;
  try {
    target = new URL(link);
    root = new URL(base);
  } catch {
    return false;
  }
  const prefix = root.pathname.replace(/\/+$/, "");
  return (
    target.protocol === root.protocol &&
    target.host === root.host &&
    !target.username &&
    !target.password &&
    (target.pathname === prefix || target.pathname.startsWith(`${prefix}/`))
  );
}

/**
 * The pages of one listing as a provider links them: a link or page token answered twice, or more
 * pages than `maxPages` (what the listing can hold), fails the listing instead of looping forever.
 */
export class PageWalk {
  private readonly seen = new Set<string>();
  private count = 0;

  constructor(
    private readonly what: string,
    private readonly maxPages: number,
  ) {}

  /** Records the next page's link or token; throws when the listing does not end. */
  next(linkOrToken: string): void {
    if (this.seen.has(linkOrToken))
      throw new ProviderRequestError(
        "listing",
        `${this.what}: the provider answered a page link it had given before (a listing that never ends)`,
      );
    this.seen.add(linkOrToken);
    if (++this.count > this.maxPages)
      throw new ProviderRequestError("listing", `${this.what}: more than ${this.maxPages} pages (more than it can hold): stopped`);
  }
}

/** Pages a listing of at most `items` items may take (a provider's page holds at least one, and a few may be empty). */
export const pagesFor = (items: number) => 100 + Math.max(0, Math.ceil(items));

/**
 * Downloads at most this many items of one mailbox at a time: Exchange Online allows 4 concurrent
 * requests per app and mailbox, and Gmail's per-user limits are of the same order.
 */
export const MAILBOX_CONCURRENCY = 4;

/** `fetch` of each id, `concurrency` at a time, answers in the ids' order; a null answer (gone) is left out. */
export async function fetchEach<T>(
  ids: string[],
  fetchOne: (id: string) => Promise<T | null>,
  concurrency = MAILBOX_CONCURRENCY,
): Promise<T[]> {
  const answers: (T | null)[] = new Array(ids.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      answers[index] = await fetchOne(ids[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return answers.filter((answer): answer is T => answer !== null);
}
