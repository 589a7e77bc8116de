import { db } from "../db/client";
import { AppError } from "../errors/app-error";
import { setupSchema } from "./auth.schemas";
import { setupFirstUser } from "./setup-first-user";

/** With ADMIN_EMAIL and ADMIN_PASSWORD set and no user yet, creates that first Super Admin. */
export async function bootstrapAdminFromEnv(): Promise<boolean> {
  const email = process.env.ADMIN_EMAIL;
  const password = process.env.ADMIN_PASSWORD;
  if (!email || !password) return false;
  if ((await db().user.count()) > 0) return false;
  const input = setupSchema.parse({
    email,
    password,
    first_name: process.env.ADMIN_FIRST_NAME ?? "Admin",
    last_name: process.env.ADMIN_LAST_NAME ?? "User",
  });
  try {
    await setupFirstUser({ input, ip: "127.0.0.1" });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") return false;
    throw error;
  }
}
