import type { AuditActor } from "../../audit/append-audit-entry";
import type { AppAbility } from "../authz/ability";
import type { Policy } from "../authz/permissions";

/** The authenticated caller of any transport (REST, tRPC, CLI). */
export interface Principal {
  userId: string;
  email: string;
  roleId: string | null;
  policies: Policy[];
  ability: AppAbility;
  actor: AuditActor;
  via: "token" | "apiKey" | "session" | "system";
  /** The `mfaRequired` setting applies and the caller has not enrolled: only enrolment is allowed (mfa-enrolment.ts). */
  mfaEnrolmentRequired?: boolean;
  /**
   * Set by `revokeUserSessions` when this caller's own UI session revoked its user's sessions by a
   * credential change: the session continues at the new version (the tRPC route re-issues its cookie).
   */
  sessionRenewal?: { sessionVersion: number };
}
