"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { useCapabilities } from "@/lib/capabilities";
import { sectionOf } from "./app-sections";

/** A page of a section the user may not open shows why, instead of its forms and a failed request. */
export function SectionGate({ children }: { children: ReactNode }) {
  const can = useCapabilities();
  const section = sectionOf(usePathname());
  if (!section || section.visible(can)) return <>{children}</>;
  return (
    <section aria-labelledby="not-allowed-title" className="card max-w-xl space-y-2">
      <h1 id="not-allowed-title" className="page-title">
        Not allowed
      </h1>
      <p>
        {section.label} is not available to your account ({can.user.roleName ?? "no role"}). An administrator can grant it through your
        role&apos;s permissions.
      </p>
    </section>
  );
}
