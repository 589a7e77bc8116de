import { isForeignKeyViolation, isUniqueViolation } from "../platform/db/database-errors";
import { conflict, validationError } from "../platform/errors/app-error";

export const duplicateCaseName = (name: string) => conflict(`A case named "${name}" already exists`);

export const duplicateSearchName = (name: string) => conflict(`The case already has a saved search named "${name}"`);

export const duplicateTagName = (name: string) => conflict(`The case already has a tag named "${name}"`);

/** Constraint violations of a case write as the API's answers: 409 on the name, 422 on an unknown member. */
export function caseWriteError(error: unknown, name: string | undefined): unknown {
  if (isUniqueViolation(error)) return duplicateCaseName(name ?? "");
  if (isForeignKeyViolation(error)) return validationError([{ field: "memberIds", message: "memberIds must name existing users" }]);
  return error;
}
