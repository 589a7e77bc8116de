import { z, type ZodType } from "zod";
import { assertMfaEnrolmentDone } from "../identity/auth/mfa/mfa-enrolment";
import type { Principal } from "../identity/auth/principal";
import { assertCan } from "../identity/authz/ability";
import { AppError } from "../platform/errors/app-error";
import { zodFieldErrors } from "../platform/errors/field-errors";
import { assertFeatureEnabled } from "../settings/license/license";
import { enforceRateLimit } from "../platform/rate-limit/enforce-rate-limit";
import { assertStorableInput } from "../platform/validation/storable-input";
import type { OperationAccess } from "./operation";

/**
 * The one access check of both transports, in this order: two-factor enrolment, the license
 * feature, the permission, then the rate limit (so a refused caller spends no budget). `principal`
 * is null only for public operations.
 */
export async function assertOperationAccess(principal: Principal | null, access: OperationAccess): Promise<void> {
  if (principal && !access.duringMfaEnrolment) assertMfaEnrolmentDone(principal);
  if (access.feature) assertFeatureEnabled(access.feature);
  if (principal && access.permission !== "public" && access.permission !== "authenticated") assertCan(principal.ability, access.permission);
  if (principal && access.rateLimit) await enforceRateLimit({ userId: principal.userId, action: access.rateLimit });
}

/**
 * Parses one part of an operation's input with its schema; raw input is first checked for strings
 * PostgreSQL cannot store. Both failures are 422 naming the fields, on either transport.
 */
export function parseOperationInput<S extends ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  assertStorableInput(value, prefix);
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError("VALIDATION", "Invalid input", { fieldErrors: zodFieldErrors(result.error, prefix) });
  }
  return result.data;
}
