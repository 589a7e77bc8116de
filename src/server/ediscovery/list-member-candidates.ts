import { db } from "../platform/db/client";
import { selectMemberCandidates } from "./cases.queries";
import { caseMemberDto } from "./load-case-dtos";

/**
 * The accounts a case manager may add as members, by name and address (the member picker). Who
 * manages cases picks colleagues by name without read:users: this lists names and addresses only,
 * never roles or permissions (docs/security.md).
 */
export async function listMemberCandidates(): Promise<{ id: string; name: string; email: string }[]> {
  return (await selectMemberCandidates(db())).map(caseMemberDto);
}
