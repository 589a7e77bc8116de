import { z } from "zod";

/** A 6-digit TOTP code or a recovery code. */
export const secondFactorCodeSchema = z.string().trim().min(6).max(32);

export const enableTotpSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: "must be the 6-digit code" }),
  })
  .strict();
export const disableMfaSchema = z.object({ password: z.string().min(1).max(1024), code: secondFactorCodeSchema }).strict();
export const loginMfaSchema = z.object({ mfaToken: z.string().min(1).max(200), code: secondFactorCodeSchema }).strict();

export type EnableTotpInput = z.infer<typeof enableTotpSchema>;
export type DisableMfaInput = z.infer<typeof disableMfaSchema>;
export type LoginMfaInput = z.infer<typeof loginMfaSchema>;

/**
 * The error the UI's credentials provider answers for a right password of an account with
 * two-factor authentication: the sign-in form then asks for the code and signs in with this mfaToken.
 */
export const MFA_REQUIRED_PREFIX = "mfa-required:";

/**
 * After a single sign-on of an account with TOTP enrolled (and no second factor asserted by the
 * provider), the callback sends the browser to `/login#mfa=<mfaToken>`: the form asks for the code
 * and signs in with this mfaToken, as after a password. In the fragment, so no server or proxy logs it.
 */
export const OIDC_MFA_FRAGMENT = "mfa=";
