import { config } from "../../platform/config/env";
import { db } from "../../platform/db/client";
import { AppError } from "../../platform/errors/app-error";
import { setupSchema } from "./auth.schemas";
import { setupFirstUser } from "./setup-first-user";

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD set and no user yet, creates that first Super Admin
 * (names from ADMIN_FIRST_NAME / ADMIN_LAST_NAME, else "Admin" "User"). Returns whether it did;
 * losing a race with a concurrent setup is not an error. Invalid values stop the start.
 */
export async function bootstrapAdminFromEnv(): Promise<boolean> {
  const { email, password, firstName, lastName } = config.bootstrapAdmin;
  if (!email || !password) return false;
  if ((await db().user.count()) > 0) return false;
  const parsed = setupSchema.safeParse({
    email,
    password,
    first_name: firstName,
    last_name: lastName,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_FIRST_NAME / ADMIN_LAST_NAME are invalid (${problems})`);
  }
  try {
    await setupFirstUser({ input: parsed.data, ip: "127.0.0.1", via: "environment" });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") return false;
    throw error;
  }
}
