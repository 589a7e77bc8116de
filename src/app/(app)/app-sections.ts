import type { Capabilities } from "@/lib/capabilities";

export interface AppSection {
  href: string;
  label: string;
  visible: (can: Capabilities) => boolean;
}

/**
 * The signed-in sections, in navigation order, with who may open each: the navigation lists the
 * visible ones, and SectionGate answers "Not allowed" on any page of the others (the server refuses
 * their requests anyway; the page must not show its forms and a failure instead).
 */
export const APP_SECTIONS: AppSection[] = [
  { href: "/dashboard", label: "Dashboard", visible: (can) => can.readArchive },
  { href: "/emails", label: "Emails", visible: (can) => can.readArchive },
  { href: "/folders", label: "Mailboxes", visible: (can) => can.readArchive },
  { href: "/holds", label: "Legal holds", visible: (can) => can.manageHolds && can.legalHolds },
  { href: "/cases", label: "Cases", visible: (can) => can.readEdiscovery },
  { href: "/audit", label: "Audit log", visible: (can) => can.readAudit },
  { href: "/retention", label: "Retention", visible: (can) => can.manageRetention && can.retention },
  { href: "/dispositions", label: "Disposition review", visible: (can) => can.reviewDispositions },
  { href: "/sources", label: "Ingestion sources", visible: (can) => can.manageIngestion },
  { href: "/admin/users", label: "Users", visible: (can) => can.readUsers },
  { href: "/admin/roles", label: "Roles", visible: (can) => can.readUsers },
  { href: "/admin/api-keys", label: "API keys", visible: () => true },
  { href: "/admin/two-factor", label: "Two-factor", visible: () => true },
  { href: "/admin/settings", label: "Settings", visible: (can) => can.manageSettings },
  { href: "/system", label: "System status", visible: (can) => can.manageSystem },
  { href: "/admin/license", label: "License", visible: () => true },
];

/** The section a path belongs to (its own page or one below it), or undefined. */
export function sectionOf(pathname: string): AppSection | undefined {
  return APP_SECTIONS.find((section) => pathname === section.href || pathname.startsWith(`${section.href}/`));
}

/** Where a role lands first: the dashboard, else the system status, else the first section it may open. */
const LANDING_PREFERENCE = ["/dashboard", "/system"];

/**
 * The page a signed-in user lands on (after sign-in, and at `/`): one their role may open, never
 * "Not allowed" (an IT Administrator, who reads no mail, lands on the system status). The last
 * sections are open to every account, so there always is one.
 */
export function landingPath(can: Capabilities): string {
  const open = APP_SECTIONS.filter((section) => section.visible(can)).map((section) => section.href);
  return LANDING_PREFERENCE.find((href) => open.includes(href)) ?? open[0];
}
