import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../db/client";
import { revokeUserSessions } from "../users/revoke-user-sessions";
import { emailKey, userSelect, type UserRecord } from "../users/user-dto";
import { getSsoRoleMapping } from "./get-sso-role-mapping";
import { roleForGroups } from "./role-for-groups";
import { lockDirectoryUser } from "./sso.queries";
import { isBreakGlassEmail } from "./sso-config";

/** Who the identity provider or directory vouched for. */
export interface DirectoryIdentity {
  source: "oidc" | "ldap";
  /** The ID token's `sub` or the directory entry's DN. */
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The claim or attribute the groups came from (OIDC_ROLE_CLAIM, LDAP_GROUP_ATTRIBUTE). */
  groupClaim: string;
  groups: string[];
}

/**
 * A local password hash no password verifies against: directory users sign in through their
 * directory only (argon2 cannot parse it, so verifyPassword answers false).
 */
export const DIRECTORY_PASSWORD_HASH = "!directory";

/** A directory user as signed in: their record and the session version their new session carries. */
export interface DirectoryUser extends UserRecord {
  sessionVersion: number;
}

export type DirectorySignIn = { user: DirectoryUser } | { refused: "break_glass_account" | "account_disabled" };

const directoryUserSelect = { ...userSelect, sessionVersion: true } as const;

/** The name given when the directory has none: the address's local part. */
const fallbackName = (email: string) => email.split("@")[0].slice(0, 255) || "User";

/**
 * Finds the user by email (case-insensitively) or provisions them, and applies the group-to-role
 * mapping at every sign-in. Provisioning and each role change are audited with the groups and
 * the rule that caused them, in the same transaction. A lost or changed role ends the user's other
 * sessions (revokeUserSessions) in that transaction too. A disabled user is refused unchanged.
 */
export async function signInDirectoryUser(options: { identity: DirectoryIdentity; ip: string }): Promise<DirectorySignIn> {
  const { identity } = options;
  // The break-glass account is local by definition: no directory may take it over or change its role.
  if (isBreakGlassEmail(identity.email)) return { refused: "break_glass_account" };
  const actor: AuditActor = { identifier: `${identity.source}:${identity.email}`.slice(0, 320), ip: options.ip };
  const key = emailKey(identity.email);
  return transaction(async (tx) => {
    await lockDirectoryUser(tx, key);
    const decision = roleForGroups(await getSsoRoleMapping({ client: tx }), identity.groups);
    const cause = {
      source: identity.source,
      subject: identity.subject,
      claim: identity.groupClaim,
      groups: identity.groups,
      matchedGroup: decision.matchedGroup,
      defaultRoleApplied: decision.matchedGroup === null && decision.roleId !== null,
    };
    const existing = await tx.user.findUnique({ where: { emailKey: key }, select: directoryUserSelect });
    if (existing?.disabledAt) return { refused: "account_disabled" };
    if (!existing) {
      const user = await tx.user.create({
        data: {
          email: identity.email.trim(),
          emailKey: key,
          firstName: identity.firstName.trim().slice(0, 255) || fallbackName(identity.email),
          lastName: identity.lastName.trim().slice(0, 255) || "-",
          passwordHash: DIRECTORY_PASSWORD_HASH,
          roleId: decision.roleId,
        },
        select: directoryUserSelect,
      });
      await appendAuditEntry(tx, {
        actor: { ...actor, userId: user.id },
        actionType: "CREATE",
        targetType: "User",
        targetId: user.id,
        details: { provisioned: true, roleId: decision.roleId, ...cause },
      });
      return { user };
    }
    if (existing.role?.id === decision.roleId) return { user: existing };
    const user = await tx.user.update({ where: { id: existing.id }, data: { roleId: decision.roleId }, select: directoryUserSelect });
    await appendAuditEntry(tx, {
      actor: { ...actor, userId: existing.id },
      actionType: "UPDATE",
      targetType: "User",
      targetId: existing.id,
      details: { changes: { roleId: { from: existing.role?.id ?? null, to: decision.roleId } }, ...cause },
    });
    // Losing a role (or trading it for another) ends the sessions opened with the old one.
    if (!existing.role) return { user };
    const { sessionVersion } = await revokeUserSessions({
      actor,
      userId: existing.id,
      reason: identity.source === "oidc" ? "role_changed_by_sso" : "role_changed_by_ldap",
      client: tx,
    });
    return { user: { ...user, sessionVersion } };
  });
}
