import { db } from "../../platform/db/client";
import { toUserDto, userSelect } from "./user-dto";
import type { UserDto } from "./users.responses";

export async function listUsers(): Promise<UserDto[]> {
  const users = await db().user.findMany({ select: userSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return users.map(toUserDto);
}
