import { conflict } from "../../platform/errors/app-error";

/** Policy names are unique case- and edge-whitespace-insensitively: this is the indexed key. */
export const policyNameKey = (name: string) => name.trim().toLowerCase();

export const duplicatePolicyName = () => conflict("A retention policy with this name already exists");
