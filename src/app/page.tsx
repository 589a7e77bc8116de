import { redirect } from "next/navigation";
import { pagePrincipal, setupNeeded } from "@/server/identity/auth/session/ui-session";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  if (await pagePrincipal()) redirect("/dashboard");
  redirect((await setupNeeded()) ? "/setup" : "/login");
}
