import { conflict } from "../../platform/errors/app-error";

/** The unique index on the lower-cased email refuses a second user with the same address (409). */
export const duplicateEmail = () => conflict("A user with this email already exists");
