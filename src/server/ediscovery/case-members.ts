import { Prisma } from "@/generated/prisma/client";
import type { Tx } from "../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../db/unique-violation";
import { conflict, validationError } from "../errors/app-error";

export const duplicateCaseName = (name: string) => conflict(`A case named "${name}" already exists`);

/** Replaces the case's members; a user id that names nobody fails the foreign key. */
export async function setCaseMembers(tx: Tx, caseId: string, memberIds: string[]): Promise<void> {
  await tx.$executeRaw`DELETE FROM ediscovery_case_members WHERE case_id = ${caseId}::uuid AND NOT (user_id = ANY(${memberIds}::uuid[]))`;
  await tx.$executeRaw`
    INSERT INTO ediscovery_case_members (case_id, user_id)
    SELECT ${caseId}::uuid, wanted.id FROM unnest(${memberIds}::uuid[]) AS wanted(id)
    ON CONFLICT DO NOTHING`;
}

/** The creator works on the cases they create. */
export async function addCreatorAsMember(tx: Tx, caseId: string, userId: string): Promise<void> {
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO ediscovery_case_members (case_id, user_id)
    SELECT ${caseId}::uuid, u.id FROM users u WHERE u.id = ${userId}::uuid
    ON CONFLICT DO NOTHING`);
}

/** Constraint violations of a case write as the API's answers: 409 on the name, 422 on an unknown member. */
export function caseWriteError(error: unknown, name: string | undefined): unknown {
  if (isUniqueViolation(error)) return duplicateCaseName(name ?? "");
  if (isForeignKeyViolation(error)) return validationError([{ field: "memberIds", message: "memberIds must name existing users" }]);
  return error;
}
