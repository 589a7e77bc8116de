import { db } from "../../platform/db/client";
import { notFound } from "../../platform/errors/app-error";
import { toUserDto, userSelect, type UserDto } from "./user-dto";

export async function getUser(options: { id: string }): Promise<UserDto> {
  const user = await db().user.findUnique({ where: { id: options.id }, select: userSelect });
  if (!user) throw notFound("User");
  return toUserDto(user);
}
