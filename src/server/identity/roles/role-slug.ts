import { PREDEFINED_PREFIX, PREDEFINED_ROLES } from "./predefined-roles";
import { duplicateRoleName } from "./roles.errors";
import { slugify } from "./roles.schemas";

/**
 * A custom role's slug comes from its name, so the unique slug index refuses duplicate names
 * under concurrency. A name that would look like a predefined slug is set apart with `custom_`;
 * a predefined role's own name (e.g. "Super Admin") is refused like any duplicate.
 */
export function customRoleSlug(name: string): string {
  const base = slugify(name);
  if (PREDEFINED_ROLES.some((role) => role.slug === `${PREDEFINED_PREFIX}${base}`)) throw duplicateRoleName(name);
  return base.startsWith(PREDEFINED_PREFIX) ? `custom_${base}` : base;
}
