import type { Principal } from "../auth/principal";
import { config } from "../../platform/config/env";
import { AppError } from "../../platform/errors/app-error";
import { updateUser } from "./update-user";
import type { UserDto } from "./users.responses";
import type { UpdateProfileInput } from "./users.schemas";

export function assertNotDemoMode(): void {
  if (config.demoMode) throw new AppError("FORBIDDEN", "This operation is disabled in demo mode");
}

export async function updateProfile(options: { principal: Principal; input: UpdateProfileInput }): Promise<UserDto> {
  assertNotDemoMode();
  return updateUser({
    actor: options.principal.actor,
    grantor: options.principal.ability,
    id: options.principal.userId,
    input: options.input,
    actionDetails: { profile: true },
    caller: options.principal,
  });
}
