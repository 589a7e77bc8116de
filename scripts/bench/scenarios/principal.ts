import { principalForUser } from "../../../src/server/identity/auth/authenticate";
import { db } from "../../../src/server/platform/db/client";

/** The benchmark's administrator (created from ADMIN_EMAIL at start-up) as a signed-in principal. */
export async function benchPrincipal() {
  const user = await db().user.findFirstOrThrow({ where: { emailKey: process.env.ADMIN_EMAIL!.toLowerCase() }, select: { id: true } });
  const principal = await principalForUser(user.id, "127.0.0.1", "token");
  if (!principal) throw new Error("bench administrator has no principal");
  return principal;
}
