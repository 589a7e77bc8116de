"use client";

import { signOut } from "next-auth/react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { asyncHandler } from "@/lib/async-handler";
import { useCapabilities } from "@/lib/capabilities";
import { APP_SECTIONS } from "./app-sections";
import { MFA_ENROLMENT_PATH } from "./mfa-enrolment-gate";

export function AppNav() {
  const can = useCapabilities();
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="border-b border-slate-200 bg-white p-4 md:w-56 md:border-b-0 md:border-r">
      <p className="mb-4 text-lg font-semibold">Mail Archive</p>
      <ul className="flex flex-wrap gap-2 md:flex-col">
        {APP_SECTIONS.filter((link) => (can.mfaEnrolmentRequired ? link.href === MFA_ENROLMENT_PATH : link.visible(can))).map((link) => (
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
        <button className="btn btn-sm mt-2" onClick={asyncHandler(() => signOut({ callbackUrl: "/login" }))}>
          Sign out
        </button>
      </div>
    </nav>
  );
}
