import { z } from "zod";
import { timestamp } from "../../platform/validation/response-fields";
import { userResponse } from "../users/users.responses";

export const loginResponse = z.object({ accessToken: z.string(), expiresAt: timestamp, user: userResponse });
export const meResponse = z.object({ user: userResponse, permissions: z.array(z.string()) });
/** POST /v1/auth/login for an account with two-factor authentication: the code step follows (POST /v1/auth/login/mfa). */
export const mfaRequiredResponse = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export const loginOrMfaResponse = z.union([loginResponse, mfaRequiredResponse]);
export const totpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export const messageResponse = z.object({ message: z.string() });
