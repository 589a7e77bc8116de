import { conflict } from "../../platform/errors/app-error";

/** Label names are unique case- and edge-whitespace-insensitively: this is the indexed key. */
export const labelNameKey = (name: string) => name.trim().toLowerCase();

export const duplicateLabelName = () => conflict("A retention label with this name already exists");
