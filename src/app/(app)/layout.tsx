import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { CapabilitiesProvider } from "@/lib/capabilities";
import { uiCapabilities } from "@/server/api/ui-capabilities";
import { pagePrincipal } from "@/server/identity/auth/session/ui-session";
import { AppNav } from "./app-nav";
import { MfaEnrolmentGate } from "./mfa-enrolment-gate";
import { SectionGate } from "./section-gate";

export const dynamic = "force-dynamic";

/** Every signed-in page: no session → sign-in; the navigation shows only what the role allows. */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const principal = await pagePrincipal();
  if (!principal) redirect("/login");
  const capabilities = await uiCapabilities(principal);
  return (
    <CapabilitiesProvider value={capabilities}>
      <div className="flex min-h-screen flex-col md:flex-row">
        <AppNav />
        <main className="min-w-0 flex-1 p-4 md:p-8">
          <MfaEnrolmentGate>
            <SectionGate>{children}</SectionGate>
          </MfaEnrolmentGate>
        </main>
      </div>
    </CapabilitiesProvider>
  );
}
