"use client";

import { signOut } from "next-auth/react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCapabilities, type Capabilities } from "@/lib/capabilities";
import { MFA_ENROLMENT_PATH } from "./mfa-enrolment-gate";

const LINKS: { href: string; label: string; visible: (can: Capabilities) => boolean }[] = [
  { href: "/dashboard", label: "Dashboard", visible: (can) => can.readArchive },
  { href: "/emails", label: "Emails", visible: (can) => can.readArchive },
  { href: "/holds", label: "Legal holds", visible: (can) => can.manageAll && can.legalHolds },
  { href: "/cases", label: "Cases", visible: (can) => can.readEdiscovery },
  { href: "/audit", label: "Audit log", visible: (can) => can.readAudit },
  { href: "/retention", label: "Retention", visible: (can) => can.manageAll && can.retention },
  { href: "/dispositions", label: "Disposition review", visible: (can) => can.retention },
  { href: "/sources", label: "Ingestion sources", visible: (can) => can.manageIngestion },
  { href: "/admin/users", label: "Users", visible: (can) => can.readUsers },
  { href: "/admin/roles", label: "Roles", visible: (can) => can.readUsers },
  { href: "/admin/api-keys", label: "API keys", visible: () => true },
  { href: "/admin/two-factor", label: "Two-factor", visible: () => true },
  { href: "/admin/settings", label: "Settings", visible: (can) => can.manageAll },
  { href: "/admin/license", label: "License", visible: () => true },
];

export function AppNav() {
  const can = useCapabilities();
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="border-b border-slate-200 bg-white p-4 md:w-56 md:border-b-0 md:border-r">
      <p className="mb-4 text-lg font-semibold">Mail Archive</p>
      <ul className="flex flex-wrap gap-2 md:flex-col">
        {LINKS.filter((link) => (can.mfaEnrolmentRequired ? link.href === MFA_ENROLMENT_PATH : link.visible(can))).map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={pathname.startsWith(link.href) ? "page" : undefined}
              className={`block rounded px-2 py-1 text-sm hover:bg-slate-100 ${pathname.startsWith(link.href) ? "bg-indigo-50 font-medium text-indigo-800" : ""}`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-6 border-t border-slate-200 pt-4 text-xs text-slate-600">
        <p>{can.user.name}</p>
        <p>{can.user.email}</p>
        <p>{can.user.roleName ?? "no role"}</p>
        <button className="btn btn-sm mt-2" onClick={() => signOut({ callbackUrl: "/login" })}>
          Sign out
        </button>
      </div>
    </nav>
  );
}
