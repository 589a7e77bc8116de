import { effectivePermissions } from "../authz/ability";
import { getUser } from "../users/get-user";
import type { UserDto } from "../users/users.responses";
import type { Principal } from "./principal";

export async function getMe(options: { principal: Principal }): Promise<{ user: UserDto; permissions: string[] }> {
  return { user: await getUser({ id: options.principal.userId }), permissions: effectivePermissions(options.principal.policies) };
}
