import { isForeignKeyViolation, isUniqueViolation } from "../../platform/db/database-errors";
import { conflict, validationError } from "../../platform/errors/app-error";

/** Hold names are unique case- and edge-whitespace-insensitively: this is the indexed key. */
export const holdNameKey = (name: string) => name.trim().toLowerCase();

export const duplicateHoldName = (name: string) => conflict(`A legal hold named "${name}" already exists`);

/** A hold's caseId must name an eDiscovery case: the foreign key decides, answered on the field. */
export function holdWriteError(error: unknown, name: string | undefined): unknown {
  if (isUniqueViolation(error)) return duplicateHoldName(name ?? "");
  if (isForeignKeyViolation(error)) return validationError([{ field: "caseId", message: "caseId must name an existing case" }]);
  return error;
}
