import { toRoleDto, type RoleRecord } from "../roles/role-dto";
import type { UserDto } from "./users.responses";

export interface UserRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  disabledAt: Date | null;
  role: RoleRecord | null;
}

export function toUserDto(user: UserRecord): UserDto {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: user.role ? toRoleDto(user.role) : null,
    createdAt: user.createdAt.toISOString(),
    disabled: user.disabledAt !== null,
  };
}

/** Prisma selection that yields a UserRecord without the password hash. */
export const userSelect = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  createdAt: true,
  disabledAt: true,
  role: true,
} as const;

export const emailKey = (email: string) => email.trim().toLowerCase();
