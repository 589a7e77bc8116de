import { conflict } from "../../platform/errors/app-error";

/** A role's slug comes from its name, so a duplicate name surfaces as a duplicate slug (409). */
export const duplicateRoleName = (name: string) => conflict(`A role named "${name}" already exists`);
