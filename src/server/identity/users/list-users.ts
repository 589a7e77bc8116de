import { db } from "../../platform/db/client";
import { toUserDto, userSelect, type UserDto } from "./user-dto";

export async function listUsers(): Promise<UserDto[]> {
  const users = await db().user.findMany({ select: userSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return users.map(toUserDto);
}
