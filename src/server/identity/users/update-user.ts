import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/database-errors";
import { notFound } from "../../platform/errors/app-error";
import type { Principal } from "../auth/principal";
import { assertCurrentPassword } from "./assert-current-password";
import { assertNotLastActiveAdministrator } from "./assert-not-last-active-administrator";
import { assertRoleExists } from "./assert-role-exists";
import { assertMayAssignRole, assertMayManageUser } from "./assert-may-manage";
import type { AppAbility } from "../authz/ability";
import { duplicateEmail } from "./users.errors";
import { revokeUserSessions } from "./revoke-user-sessions";
import { emailKey, toUserDto, userSelect } from "./user-dto";
import type { UserDto } from "./users.responses";
import type { UpdateUserInput } from "./users.schemas";

/**
 * Changes only the provided fields (used by PUT /v1/users/{id} and PATCH /v1/users/profile). Changing
 * one's own email, by either path, needs the current password: whoever holds a stolen session or key
 * cannot rename the account into a look-alike of another. The entry records the old and new email.
 * Disabling a user or changing their email ends their sessions (API keys are refused while
 * disabled); the last enabled administrator cannot be disabled.
 */
export async function updateUser(options: {
  actor: AuditActor;
  id: string;
  input: UpdateUserInput;
  actionDetails?: Record<string, unknown>;
  /** The caller's ability: they manage only users, and assign only roles, that grant nothing they lack. */
  grantor: AppAbility;
  /** The caller, when known: their own UI session survives the revocation an own email change causes. */
  caller?: Principal;
}): Promise<UserDto> {
  const { currentPassword, disabled, ...input } = options.input;
  try {
    return await transaction(async (tx) => {
      const existing = await tx.user.findUnique({
        where: { id: options.id },
        select: { email: true, disabledAt: true },
      });
      if (!existing) throw notFound("User");
      await assertMayManageUser(tx, options.grantor, options.id);
      const disabling = disabled === true && existing.disabledAt === null;
      if (disabling) await assertNotLastActiveAdministrator(tx, options.id, "The last active administrator cannot be disabled");
      const emailChange = input.email !== undefined && input.email !== existing.email ? { from: existing.email, to: input.email } : null;
      if (emailChange && options.actor.userId === options.id) {
        await assertCurrentPassword({ actor: options.actor, userId: options.id, password: currentPassword, purpose: "change_email" });
      }
      await assertRoleExists(tx, input.roleId);
      await assertMayAssignRole(tx, options.grantor, input.roleId);
      const user = await tx.user.update({
        where: { id: options.id },
        data: {
          ...(input.email !== undefined && { email: input.email, emailKey: emailKey(input.email) }),
          ...(input.first_name !== undefined && { firstName: input.first_name }),
          ...(input.last_name !== undefined && { lastName: input.last_name }),
          ...(input.roleId !== undefined && { roleId: input.roleId }),
          ...(input.ssoLinkAllowed !== undefined && { ssoLinkAllowed: input.ssoLinkAllowed }),
          ...(disabled !== undefined && (existing.disabledAt === null) === disabled && { disabledAt: disabled ? new Date() : null }),
        },
        select: userSelect,
      });
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "UPDATE",
        targetType: "User",
        targetId: user.id,
        details: {
          changes: { ...input, ...(disabled !== undefined && { disabled }) },
          ...(emailChange && { emailChange }),
          ...options.actionDetails,
        },
      });
      // The email is what one signs in with: changing it is a credential change, like disabling ends every session.
      const revocation = disabling ? "user_disabled" : emailChange ? "email_changed" : null;
      if (revocation)
        await revokeUserSessions({ actor: options.actor, userId: options.id, reason: revocation, client: tx, caller: options.caller });
      return toUserDto(user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}
