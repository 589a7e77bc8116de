import { verifyPassword } from "../auth/passwords";
import { validationError } from "../errors/app-error";

/** 422 on `currentPassword` unless it is the password of the user whose hash is given. */
export async function assertCurrentPassword(passwordHash: string, currentPassword: string | undefined, purpose: string): Promise<void> {
  if (currentPassword === undefined) {
    throw validationError([{ field: "currentPassword", message: `current password is required to ${purpose}` }]);
  }
  if (!(await verifyPassword(passwordHash, currentPassword))) {
    throw validationError([{ field: "currentPassword", message: "current password is incorrect" }]);
  }
}
