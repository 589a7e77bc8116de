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

/** One part of an operation's input (path parameters, query, body) as it arrived, with the schema that parses it. */
export interface InputPart {
  schema: ZodType | undefined;
  value: unknown;
  /** Names a field of a part that is not an object ("body"). */
  prefix?: string;
}

/**
 * Parses an operation's input, the same way on both transports: every part is first checked once for
 * strings PostgreSQL cannot store (all parts before any schema, so that check answers first whatever
 * else is wrong), then each part is parsed by its schema. Both failures are 422 naming the fields.
 */
export function parseOperationInputs<const P extends Record<string, InputPart>>(parts: P): { [K in keyof P]: unknown } {
  for (const part of Object.values(parts)) if (part.schema) assertStorableInput(part.value, part.prefix);
  return Object.fromEntries(
    Object.entries(parts).map(([name, part]) => [name, part.schema ? parsedBySchema(part.schema, part.value, part.prefix) : undefined]),
  ) as { [K in keyof P]: unknown };
}

function parsedBySchema<S extends ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError("VALIDATION", "Invalid input", { fieldErrors: zodFieldErrors(result.error, prefix) });
  }
  return result.data;
}
