import { bootstrapAdminFromEnv } from "../auth/bootstrap-admin-from-env";
import { sealPlaintextTotpSecrets } from "../auth/mfa/totp-secret-storage";
import { db } from "../db/client";
import { ensurePredefinedRoles } from "../roles/ensure-predefined-roles";

/** Start-up work every process does after migrations: predefined roles, the env-configured admin, sealed TOTP secrets. */
export async function prepareDatabase(): Promise<void> {
  await ensurePredefinedRoles();
  await bootstrapAdminFromEnv();
  await sealPlaintextTotpSecrets();
}

export async function signInHint(port: number): Promise<string> {
  const users = await db().user.count();
  if (users > 0) return `Sign in at http://localhost:${port}/login (or POST /v1/auth/login).`;
  return (
    `No user exists yet: open http://localhost:${port}/setup to create the first administrator, ` +
    `or POST /v1/auth/setup {email, password, first_name, last_name} (or set ADMIN_EMAIL and ADMIN_PASSWORD).`
  );
}
