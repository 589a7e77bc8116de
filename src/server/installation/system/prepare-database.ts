import { bootstrapAdminFromEnv } from "../../identity/auth/bootstrap-admin-from-env";
import { sealPlaintextTotpSecrets } from "../../identity/auth/mfa/totp-secret-storage";
import { issueSetupToken } from "../../identity/auth/setup-token";
import { db } from "../../platform/db/client";
import { assertStorageKeyOpensDataKeys } from "../../archive/storage/data-keyring";
import { ensurePredefinedRoles } from "../../identity/roles/ensure-predefined-roles";
import { assertHostSharesInstallation } from "./host-shares-installation";

/**
 * Start-up work every process does after migrations: the storage key opens the blob store's data
 * keys (a wrong or missing key stops the start, docs/operations.md "Storage encryption"), the other
 * shared secrets match the installation's (a host with a different one stops, "Several hosts"),
 * predefined roles, the env-configured admin, sealed TOTP secrets.
 */
export async function prepareDatabase(): Promise<void> {
  await assertStorageKeyOpensDataKeys();
  await assertHostSharesInstallation();
  await ensurePredefinedRoles();
  await bootstrapAdminFromEnv();
  await sealPlaintextTotpSecrets();
}

/**
 * What the web server prints once it listens: where to sign in, or, while no user exists, a new
 * one-time setup token and the `/setup?token=…` link that fills it in (the line says "setup token").
 */
export async function signInHint(port: number): Promise<string> {
  const users = await db().user.count();
  if (users > 0) return `Sign in at http://localhost:${port}/login (or POST /v1/auth/login).`;
  const token = await issueSetupToken();
  return (
    `No user exists yet. First-run setup token: ${token}\n` +
    `  Open http://localhost:${port}/setup?token=${token} to create the first administrator, ` +
    `or POST /v1/auth/setup {email, password, first_name, last_name, setupToken} (or set ADMIN_EMAIL and ADMIN_PASSWORD).`
  );
}
