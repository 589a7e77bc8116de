import { authenticateWithDirectory } from "../sso/ldap-directory";
import { signInDirectoryUser } from "../sso/sign-in-directory-user";
import { isBreakGlassEmail, ldapConfig } from "../sso/sso-config";
import type { UserRecord } from "../users/user-dto";
import { dummyPasswordHash, verifyPassword } from "./passwords";

/** A user whose password was right; a directory user's locally enrolled TOTP is asked for like a local user's. */
type SignedInUser = UserRecord & { sessionVersion: number; mfaEnabledAt: Date | null };

export type PasswordCheck =
  | { user: SignedInUser; reason: "valid_credentials" | "directory_credentials" }
  | {
      user: null;
      reason: "unknown_email" | "wrong_password" | "directory_refused" | "account_disabled" | "account_not_linked" | "identity_mismatch";
    };

/**
 * Decides a password sign-in. With LDAP configured the directory decides for every address it
 * knows (binding as the user, then applying the group-to-role mapping); local passwords serve the
 * break-glass account and addresses the directory does not know. A directory that cannot answer
 * throws UNAVAILABLE (503), except for the break-glass account, which never asks it.
 */
export async function checkPassword(options: {
  email: string;
  password: string;
  localUser: (SignedInUser & { passwordHash: string }) | null;
  ip: string;
}): Promise<PasswordCheck> {
  const directory = ldapConfig();
  if (directory && !isBreakGlassEmail(options.email)) {
    const answer = await authenticateWithDirectory({ config: directory, email: options.email, password: options.password });
    if (answer.kind === "authenticated") {
      const signedIn = await signInDirectoryUser({ identity: answer.identity, ip: options.ip });
      if ("user" in signedIn) return { user: signedIn.user, reason: "directory_credentials" };
      return { user: null, reason: signedIn.refused === "break_glass_account" ? "directory_refused" : signedIn.refused };
    }
    if (answer.kind === "refused") return { user: null, reason: "directory_refused" };
  }
  const { localUser } = options;
  const passwordOk = await verifyPassword(localUser?.passwordHash ?? (await dummyPasswordHash()), options.password);
  if (!localUser) return { user: null, reason: "unknown_email" };
  if (!passwordOk) return { user: null, reason: "wrong_password" };
  if (localUser.disabledAt) return { user: null, reason: "account_disabled" };
  const { passwordHash: _hash, ...signedIn } = localUser;
  return { user: signedIn, reason: "valid_credentials" };
}
