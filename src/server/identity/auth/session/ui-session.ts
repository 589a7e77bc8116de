import { cookies, headers } from "next/headers";
import type { Principal } from "../principal";
import { db } from "../../../platform/db/client";
import { clientIp } from "../../../platform/http/client-ip";
import { sessionPrincipal } from "./session";

/** The signed-in caller of a page render (server components), or null. */
export async function pagePrincipal(): Promise<Principal | null> {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  const cookieHeader = cookieStore
    .getAll()
    .map((cookie) => `${cookie.name}=${encodeURIComponent(cookie.value)}`)
    .join("; ");
  return sessionPrincipal(cookieHeader, clientIp(headerList));
}

export async function pageClientIp(): Promise<string> {
  return clientIp(await headers());
}

/** First-run: no user exists yet, so /setup is offered instead of /login. */
export async function setupNeeded(): Promise<boolean> {
  return (await db().user.count()) === 0;
}
