import { config } from "../config/env";

/** Header our HTTP server sets from the socket (any incoming copy is dropped first). */
export const CLIENT_IP_HEADER = "x-archive-client-ip";

export function clientIp(headers: Headers): string {
  if (config.trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
