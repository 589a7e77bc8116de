import type { Action, Policy, Subject } from "../authz/permissions";

const grant = (action: Action, subject: Subject): Policy => ({ action, subject, conditions: {} });

export const PREDEFINED_PREFIX = "predefined_";

export const PREDEFINED_ROLES: { slug: string; name: string; policies: Policy[] }[] = [
  { slug: "predefined_super_admin", name: "Super Admin", policies: [{ action: "manage", subject: "all", conditions: {} }] },
  {
    slug: "predefined_auditor",
    name: "Auditor",
    policies: [
      { action: "read", subject: "audit", conditions: {} },
      { action: "read", subject: "archive", conditions: {} },
      { action: "read", subject: "users", conditions: {} },
    ],
  },
  { slug: "predefined_read_only", name: "Read Only", policies: [{ action: "read", subject: "archive", conditions: {} }] },
  {
    // Holds, retention, disposition review, eDiscovery and the audit trail; no users, settings or system.
    slug: "predefined_compliance_officer",
    name: "Compliance Officer",
    policies: [
      grant("manage", "holds"),
      grant("manage", "retention"),
      grant("manage", "dispositions"),
      grant("manage", "ediscovery"),
      grant("read", "archive"),
      grant("delete", "archive"),
      grant("read", "audit"),
    ],
  },
  {
    // Runs cases: searches, tags, exports, and the holds that preserve a case's mail.
    slug: "predefined_ediscovery_manager",
    name: "eDiscovery Manager",
    policies: [grant("manage", "ediscovery"), grant("manage", "holds"), grant("read", "archive")],
  },
  {
    // Reads the mail of the cases they are a member of; an administrator narrows `read:archive` with conditions where needed.
    slug: "predefined_reviewer",
    name: "Reviewer",
    policies: [grant("read", "ediscovery"), grant("read", "archive")],
  },
  {
    // Runs the installation: sources, settings, users and roles, the system page; no mail content, no holds.
    slug: "predefined_it_administrator",
    name: "IT Administrator",
    policies: [
      grant("manage", "ingestion"),
      grant("manage", "settings"),
      grant("manage", "users"),
      grant("manage", "system"),
      grant("read", "audit"),
    ],
  },
];

export const SUPER_ADMIN_SLUG = "predefined_super_admin";

export const isPredefinedSlug = (slug: string) => slug.startsWith(PREDEFINED_PREFIX);
