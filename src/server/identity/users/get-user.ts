import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { toUserDto, userSelect } from "./user-dto";
import type { UserDto } from "./users.responses";

export async function getUser(options: { id: string }): Promise<UserDto> {
  const user = await db().user.findUnique({ where: { id: options.id }, select: userSelect });
  if (!user) throw notFound("User");
  return toUserDto(user);
}
