import { redirect } from "next/navigation";
import { pagePrincipal, setupNeeded } from "@/server/identity/auth/session/ui-session";
import { uiCapabilities } from "@/server/api/ui-capabilities";
import { landingPath } from "./(app)/app-sections";

export const dynamic = "force-dynamic";

/** Where every sign-in lands: the first page the user's role may open (app-sections.ts, landingPath). */
export default async function HomePage() {
  const principal = await pagePrincipal();
  if (principal) redirect(landingPath(await uiCapabilities(principal)));
  redirect((await setupNeeded()) ? "/setup" : "/login");
}
