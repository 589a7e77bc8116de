import { appendAuditEntry, type AuditActor } from "../../audit/append-audit-entry";
import { transaction } from "../../platform/db/client";
import { isUniqueViolation } from "../../platform/db/database-errors";
import { AppError, conflict, validationError } from "../../platform/errors/app-error";
import { ensurePredefinedRoles } from "../roles/ensure-predefined-roles";
import { SUPER_ADMIN_SLUG } from "../roles/predefined-roles";
import { insertUser } from "../users/create-user";
import { lockUserCount } from "../users/users.queries";
import type { SetupInput } from "./auth.schemas";
import { loginResultFor, type LoginResult } from "./login";
import { hashPassword } from "./passwords";
import { hashSetupToken } from "./setup-token";

const alreadySetUp = () => conflict("Setup is complete: a user already exists");

/**
 * Creates the first user as Super Admin; only while no user exists (serialized by an advisory lock,
 * else 409) and, over the API, only with a setup token the server issued (422 without one, 403 with
 * another; src/server/identity/auth/setup-token.ts). An existing user is checked first: once setup is
 * done the answer is 409 whatever the body carries, as the interface says. The environment's
 * administrator (ADMIN_EMAIL/ADMIN_PASSWORD) needs none. Setup deletes every token.
 */
export async function setupFirstUser(options: {
  input: SetupInput;
  ip: string;
  /** How the setup was asked for (recorded in the audit entry): the API with its setup token, or the environment. */
  via: { setupToken: string | undefined } | "environment";
}): Promise<LoginResult> {
  await ensurePredefinedRoles();
  const passwordHash = await hashPassword(options.input.password);
  try {
    const user = await transaction(async (tx) => {
      await lockUserCount(tx);
      if ((await tx.user.count()) > 0) throw alreadySetUp();
      if (options.via !== "environment") {
        const { setupToken } = options.via;
        if (setupToken === undefined)
          throw validationError([
            { field: "setupToken", message: 'required: the setup token the server printed on its console (a line with "setup token")' },
          ]);
        const issued = await tx.setupToken.findUnique({ where: { tokenHash: hashSetupToken(setupToken) } });
        if (!issued)
          throw new AppError("FORBIDDEN", 'Wrong setup token: use the one the server printed on its console (a line with "setup token")');
      }
      const role = await tx.role.findUniqueOrThrow({ where: { slug: SUPER_ADMIN_SLUG }, select: { id: true } });
      const created = await insertUser(tx, { ...options.input, roleId: role.id }, passwordHash);
      const actor: AuditActor = { identifier: created.email, ip: options.ip, userId: created.id };
      await appendAuditEntry(tx, {
        actor,
        actionType: "SETUP",
        targetType: "User",
        targetId: created.id,
        details: { email: created.email, role: SUPER_ADMIN_SLUG, source: options.via === "environment" ? "environment" : "api" },
      });
      await tx.setupToken.deleteMany({});
      return created;
    });
    return await loginResultFor({ ...user, sessionVersion: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadySetUp();
    throw error;
  }
}
