import type { Policy } from "../authz/permissions";

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
];

export const SUPER_ADMIN_SLUG = "predefined_super_admin";

export const isPredefinedSlug = (slug: string) => slug.startsWith(PREDEFINED_PREFIX);
