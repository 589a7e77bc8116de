import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction, type Tx } from "../../platform/db/client";
import { revokeUserSessions } from "../users/revoke-user-sessions";
import { emailKey, userSelect, type UserRecord } from "../users/user-dto";
import { getSsoRoleMapping } from "./get-sso-role-mapping";
import { roleForGroups } from "./role-for-groups";
import { lockDirectoryUser } from "./sso.queries";
import { isBreakGlassEmail } from "./sso-config";

/** Who the identity provider or directory vouched for. */
export interface DirectoryIdentity {
  source: "oidc" | "ldap";
  /**
   * Who vouches for `subject`: the ID token's `iss`, or for LDAP `ldap:` and the attribute the
   * subject came from (`ldap:entryUUID`, `ldap:objectGUID`, else `ldap:dn`).
   */
  issuer: string;
  /** The ID token's `sub`, or the directory entry's stable identity (entryUUID, objectGUID, else its DN). */
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

/** A directory user as signed in: their record, the session version their new session carries, their two-factor state. */
export interface DirectoryUser extends UserRecord {
  sessionVersion: number;
  mfaEnabledAt: Date | null;
}

/**
 * Refusals: the break-glass account; a disabled account; an existing account no administrator
 * linked (`account_not_linked`); an account already bound to another identity of this source
 * (`identity_mismatch`).
 */
export type DirectoryRefusal = "break_glass_account" | "account_disabled" | "account_not_linked" | "identity_mismatch";

export type DirectorySignIn = { user: DirectoryUser } | { refused: DirectoryRefusal };

const directoryUserSelect = { ...userSelect, sessionVersion: true, mfaEnabledAt: true } as const;

/** The name given when the directory has none: the address's local part. */
const fallbackName = (email: string) => email.split("@")[0].slice(0, 255) || "User";

/**
 * The user this identity is bound to, binding it first when that is allowed: a user found by the
 * binding `(source, issuer, subject)` is theirs whatever email the provider now asserts; without a
 * binding, the user with the asserted email may be bound only when an administrator allowed it
 * (`users.sso_link_allowed`, consumed here; it replaces an earlier binding of this source) or the
 * account was itself created by a directory sign-in (before bindings existed) and has no binding of
 * this source yet. Null: nobody has this email (the caller provisions).
 */
async function boundUser(tx: Tx, identity: DirectoryIdentity, actor: AuditActor): Promise<DirectoryUser | DirectoryRefusal | null> {
  const { source, issuer, subject } = identity;
  const binding = await tx.userIdentity.findUnique({
    where: { source_issuer_subject: { source, issuer, subject } },
    select: { user: { select: directoryUserSelect } },
  });
  if (binding) return binding.user;
  const candidate = await tx.user.findUnique({
    where: { emailKey: emailKey(identity.email) },
    select: { ...directoryUserSelect, passwordHash: true, ssoLinkAllowed: true, identities: { where: { source }, select: { id: true } } },
  });
  if (!candidate) return null;
  const { passwordHash, ssoLinkAllowed, identities, ...user } = candidate;
  if (user.disabledAt) return "account_disabled";
  const linkedBy = ssoLinkAllowed
    ? "administrator"
    : passwordHash === DIRECTORY_PASSWORD_HASH && identities.length === 0
      ? "directory_account"
      : null;
  if (!linkedBy) return identities.length > 0 ? "identity_mismatch" : "account_not_linked";
  await tx.userIdentity.deleteMany({ where: { userId: user.id, source } });
  await tx.userIdentity.create({ data: { userId: user.id, source, issuer, subject } });
  if (ssoLinkAllowed) await tx.user.update({ where: { id: user.id }, data: { ssoLinkAllowed: false } });
  await appendAuditEntry(tx, {
    actor: { ...actor, userId: user.id },
    actionType: "UPDATE",
    targetType: "User",
    targetId: user.id,
    details: { identityBound: { source, issuer, subject }, linkedBy, replacedBinding: identities.length > 0 },
  });
  return user;
}

/**
 * Finds the user bound to the identity (see boundUser) or provisions them with the binding, and
 * applies the group-to-role mapping at every sign-in. Provisioning, binding and each role change are
 * audited with the groups and the rule that caused them, in the same transaction. A lost or changed
 * role ends the user's other sessions (revokeUserSessions) in that transaction too. A disabled user
 * is refused unchanged.
 */
export async function signInDirectoryUser(options: { identity: DirectoryIdentity; ip: string }): Promise<DirectorySignIn> {
  const { identity } = options;
  // The break-glass account is local by definition: no directory may take it over or change its role.
  if (isBreakGlassEmail(identity.email)) return { refused: "break_glass_account" };
  const actor: AuditActor = { identifier: `${identity.source}:${identity.email}`.slice(0, 320), ip: options.ip };
  const key = emailKey(identity.email);
  return transaction(async (tx) => {
    await lockDirectoryUser(tx, `${identity.source}:${identity.issuer}:${identity.subject}`);
    await lockDirectoryUser(tx, key);
    const decision = roleForGroups(await getSsoRoleMapping({ client: tx }), identity.groups);
    const cause = {
      source: identity.source,
      issuer: identity.issuer,
      subject: identity.subject,
      claim: identity.groupClaim,
      groups: identity.groups,
      matchedGroup: decision.matchedGroup,
      defaultRoleApplied: decision.matchedGroup === null && decision.roleId !== null,
    };
    const existing = await boundUser(tx, identity, actor);
    if (typeof existing === "string") return { refused: existing };
    if (existing?.disabledAt) return { refused: "account_disabled" };
    if (existing && isBreakGlassEmail(existing.email)) return { refused: "break_glass_account" };
    if (!existing) {
      const user = await tx.user.create({
        data: {
          email: identity.email.trim(),
          emailKey: key,
          firstName: identity.firstName.trim().slice(0, 255) || fallbackName(identity.email),
          lastName: identity.lastName.trim().slice(0, 255) || "-",
          passwordHash: DIRECTORY_PASSWORD_HASH,
          roleId: decision.roleId,
          identities: { create: { source: identity.source, issuer: identity.issuer, subject: identity.subject } },
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
