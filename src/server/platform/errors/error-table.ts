import type { AppErrorCode } from "./app-error";

type TrpcCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_SUPPORTED"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS"
  | "UNPROCESSABLE_CONTENT"
  | "INTERNAL_SERVER_ERROR"
  | "BAD_GATEWAY"
  | "SERVICE_UNAVAILABLE";

/** The single mapping from domain error codes to HTTP statuses and tRPC codes. */
export const errorCodeTable: Record<AppErrorCode, { http: number; trpc: TrpcCode }> = {
  BAD_REQUEST: { http: 400, trpc: "BAD_REQUEST" },
  VALIDATION: { http: 422, trpc: "UNPROCESSABLE_CONTENT" },
  UNAUTHENTICATED: { http: 401, trpc: "UNAUTHORIZED" },
  FORBIDDEN: { http: 403, trpc: "FORBIDDEN" },
  FEATURE_DISABLED: { http: 403, trpc: "FORBIDDEN" },
  NOT_FOUND: { http: 404, trpc: "NOT_FOUND" },
  METHOD_NOT_ALLOWED: { http: 405, trpc: "METHOD_NOT_SUPPORTED" },
  CONFLICT: { http: 409, trpc: "CONFLICT" },
  PAYLOAD_TOO_LARGE: { http: 413, trpc: "PAYLOAD_TOO_LARGE" },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  RATE_LIMITED: { http: 429, trpc: "TOO_MANY_REQUESTS" },
  /** A bounded operation ran out of time (a search's statement_timeout); the answer carries Retry-After. */
  UNAVAILABLE: { http: 503, trpc: "SERVICE_UNAVAILABLE" },
  /** A server the operation talks to (a mailbox's IMAP server) refused or failed it; the message says how. */
  UPSTREAM_FAILED: { http: 502, trpc: "BAD_GATEWAY" },
  INTERNAL: { http: 500, trpc: "INTERNAL_SERVER_ERROR" },
};
