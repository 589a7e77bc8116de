import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { hashPassword } from "../auth/passwords";
import { transaction, type Tx } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/database-errors";
import { duplicateEmail } from "./users.errors";
import { assertRoleExists } from "./assert-role-exists";
import { assertMayAssignRole } from "./assert-may-manage";
import type { AppAbility } from "../authz/ability";
import { emailKey, toUserDto, userSelect } from "./user-dto";
import type { UserDto } from "./users.responses";
import type { CreateUserInput } from "./users.schemas";

/** Inserts a user inside the transaction `client` (shared by user creation and first-run setup). */
export async function insertUser(client: Tx, input: CreateUserInput, passwordHash: string) {
  await assertRoleExists(client, input.roleId);
  return client.user.create({
    data: {
      email: input.email,
      emailKey: emailKey(input.email),
      firstName: input.first_name,
      lastName: input.last_name,
      passwordHash,
      roleId: input.roleId ?? null,
    },
    select: userSelect,
  });
}

/** `grantor`: the caller's ability; the role given must grant nothing they lack. */
export async function createUser(options: { actor: AuditActor; grantor: AppAbility; input: CreateUserInput }): Promise<UserDto> {
  const passwordHash = await hashPassword(options.input.password);
  try {
    return await transaction(async (tx) => {
      await assertMayAssignRole(tx, options.grantor, options.input.roleId);
      const user = await insertUser(tx, options.input, passwordHash);
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "CREATE",
        targetType: "User",
        targetId: user.id,
        details: { email: user.email, first_name: user.firstName, last_name: user.lastName, roleId: user.role?.id ?? null },
      });
      return toUserDto(user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}
