"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { useCapabilities } from "@/lib/capabilities";

export const MFA_ENROLMENT_PATH = "/admin/two-factor";

/**
 * While the two-factor setting obliges the user to enrol, every page but enrolment sends them there
 * (the server refuses their other requests anyway, 403); the enrolment page says why.
 */
export function MfaEnrolmentGate({ children }: { children: ReactNode }) {
  const { mfaEnrolmentRequired } = useCapabilities();
  const pathname = usePathname();
  const router = useRouter();
  const blocked = mfaEnrolmentRequired && pathname !== MFA_ENROLMENT_PATH;
  useEffect(() => {
    if (blocked) router.replace(MFA_ENROLMENT_PATH);
  }, [blocked, router]);
  if (blocked) return <p role="status">Two-factor authentication is required; opening its set-up…</p>;
  return (
    <>
      {mfaEnrolmentRequired && (
        <p role="status" data-testid="mfa-enrolment-required" className="card mb-4 border-amber-300 bg-amber-50 text-amber-900">
          Your organisation requires two-factor authentication. Set it up below to continue; nothing else is available until then.
        </p>
      )}
      {children}
    </>
  );
}
