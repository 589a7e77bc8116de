/**
 * HTTP to the cloud providers (Microsoft Graph, Gmail, Google's directory and token endpoints), with
 * throttling honoured: a 429 or 503, or Google's 403 `rateLimitExceeded` / `userRateLimitExceeded`, is
 * retried after its `Retry-After` (seconds or an HTTP date), or with exponential backoff when it has
 * none, up to `maxAttempts`; only then is it an error. Plain `fetch`: every configured URL is used as given.
 */

export class CloudHttpError extends Error {
  constructor(
    readonly status: number,
    /** The provider's error code (`MailboxNotEnabledForRESTAPI`, `invalid_client`, `notFound` …), when it gave one. */
    readonly code: string,
    readonly providerMessage: string,
    readonly url: string,
  ) {
    super(`${status}${code ? ` ${code}` : ""}: ${providerMessage}`.slice(0, 500));
    this.name = "CloudHttpError";
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

/** Counts what throttling cost a sync (reported in its audit entry). */
export interface ThrottleCounter {
  throttled: number;
}

const RATE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);

/** The provider's error code and message from an error body (Graph, Google APIs, OAuth token endpoints). */
function errorDetails(text: string): { code: string; message: string; reasons: string[] } {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const error = body.error;
    if (typeof error === "string") return { code: error, message: String(body.error_description ?? error), reasons: [] };
    if (error && typeof error === "object") {
      const fields = error as { code?: unknown; message?: unknown; status?: unknown; errors?: { reason?: string }[] };
      const reasons = (fields.errors ?? []).map((entry) => String(entry.reason ?? ""));
      const code = typeof fields.code === "string" ? fields.code : String(fields.status ?? reasons[0] ?? "");
      return { code, message: String(fields.message ?? ""), reasons };
    }
  } catch {
    // not JSON
  }
  return { code: "", message: text.slice(0, 200), reasons: [] };
}

/** The wait a throttled answer asks for, in ms (null without a usable Retry-After). */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request, retried while throttled; any other non-2xx answer throws a CloudHttpError. Network
 * failures throw as they are (a sync's retryable error).
 */
export async function cloudFetch(
  url: string,
  init: RequestInit,
  options: { throttle?: ThrottlePolicy; counter?: ThrottleCounter } = {},
): Promise<Response> {
  const policy = options.throttle ?? DEFAULT_THROTTLE;
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { ...init, redirect: "error" });
    if (response.ok) return response;
    const text = await response.text();
    const details = errorDetails(text);
    const throttled =
      response.status === 429 ||
      response.status === 503 ||
      (response.status === 403 && details.reasons.some((reason) => RATE_LIMIT_REASONS.has(reason)));
    if (!throttled || attempt >= policy.maxAttempts) {
      throw new CloudHttpError(response.status, details.reasons.find(Boolean) ?? details.code, details.message, url);
    }
    if (options.counter) options.counter.throttled++;
    const asked = retryAfterMs(response.headers.get("retry-after"));
    const backoff = policy.baseDelayMs * 2 ** (attempt - 1);
    await sleep(Math.min(policy.maxDelayMs, asked ?? backoff));
  }
}

/** A JSON GET with a bearer token. */
export async function getJson<T>(
  url: string,
  token: string,
  options: { throttle?: ThrottlePolicy; counter?: ThrottleCounter } = {},
): Promise<T> {
  const response = await cloudFetch(url, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } }, options);
  return (await response.json()) as T;
}

/** A form POST to an OAuth 2.0 token endpoint; answers the access token. */
export async function requestToken(
  url: string,
  form: Record<string, string>,
  options: { throttle?: ThrottlePolicy } = {},
): Promise<string> {
  const response = await cloudFetch(
    url,
    { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() },
    options,
  );
  const body = (await response.json()) as { access_token?: unknown };
  if (typeof body.access_token !== "string")
    throw new CloudHttpError(response.status, "no_token", "the token endpoint answered no access_token", url);
  return body.access_token;
}

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
