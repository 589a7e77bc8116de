import { operation } from "../operation";
import {
  loginOrMfaResponse,
  loginResponse,
  meResponse,
  messageResponse,
  recoveryCodesResponse,
  totpSetupResponse,
} from "../../identity/auth/auth.responses";
import { loginSchema, setupRequestSchema } from "../../identity/auth/auth.schemas";
import { getMe } from "../../identity/auth/get-me";
import { login } from "../../identity/auth/login";
import { disableMfa } from "../../identity/auth/mfa/disable-mfa";
import { enableTotp } from "../../identity/auth/mfa/enable-totp";
import { getMfaStatus } from "../../identity/auth/mfa/get-mfa-status";
import { loginWithMfa } from "../../identity/auth/mfa/login-with-mfa";
import { disableMfaSchema, enableTotpSchema, loginMfaSchema } from "../../identity/auth/mfa/mfa.schemas";
import { setupTotp } from "../../identity/auth/mfa/setup-totp";
import { setupFirstUser } from "../../identity/auth/setup-first-user";

/** Signing in and setting up need no credentials, and only REST carries them (the UI signs in through next-auth). */
const publicAccess = { permission: "public" } as const;
const authenticated = { permission: "authenticated" } as const;
/** What a caller who still owes two-factor enrolment may do: see themselves and enrol. */
const duringEnrolment = { permission: "authenticated", duringMfaEnrolment: true } as const;

export const loginOperation = operation({
  rest: { method: "POST", path: "/v1/auth/login" },
  summary: "Sign in with email and password for an access token (or, with two-factor authentication, an mfaToken for the code step)",
  access: publicAccess,
  body: loginSchema,
  response: loginOrMfaResponse,
  errors: [401, 403, 429, 503],
  handler: ({ body, ip }) => login({ input: body, ip }),
});

export const loginWithMfaOperation = operation({
  rest: { method: "POST", path: "/v1/auth/login/mfa" },
  summary: "Second sign-in step: the mfaToken with a TOTP or recovery code, answered like a login",
  access: publicAccess,
  body: loginMfaSchema,
  response: loginResponse,
  errors: [401, 429],
  handler: ({ body, ip }) => loginWithMfa({ input: body, ip }),
});

export const setupFirstUserOperation = operation({
  rest: { method: "POST", path: "/v1/auth/setup" },
  summary: "Create the first administrator (only while no user exists), with the one-time setup token the server printed on its console",
  access: publicAccess,
  body: setupRequestSchema,
  response: loginResponse,
  status: 201,
  errors: [403, 409],
  handler: ({ body: { setupToken, ...input }, ip }) => setupFirstUser({ input, ip, via: { setupToken } }),
});

export const getMeOperation = operation({
  rest: { method: "GET", path: "/v1/auth/me" },
  summary: "The caller and its effective permissions",
  access: duringEnrolment,
  response: meResponse,
  handler: ({ principal }) => getMe({ principal }),
});

/** UI only (no REST route): whether the caller has two-factor authentication on (the account page shows setup or disable). */
export const getMfaStatusOperation = operation({
  summary: "Whether the caller has two-factor authentication on, and how many recovery codes are left",
  access: duringEnrolment,
  handler: ({ principal }) => getMfaStatus({ principal }),
});

export const setupTotpOperation = operation({
  rest: { method: "POST", path: "/v1/auth/mfa/totp/setup" },
  summary: "Start TOTP enrolment: a new secret and its otpauth URL",
  access: duringEnrolment,
  response: totpSetupResponse,
  errors: [404, 409],
  handler: ({ principal }) => setupTotp({ principal }),
});

export const enableTotpOperation = operation({
  rest: { method: "POST", path: "/v1/auth/mfa/totp/enable" },
  summary: "Confirm the TOTP secret with a code; answers ten single-use recovery codes",
  access: duringEnrolment,
  body: enableTotpSchema,
  response: recoveryCodesResponse,
  errors: [404, 409],
  handler: ({ principal, body }) => enableTotp({ principal, input: body }),
});

export const disableMfaOperation = operation({
  rest: { method: "POST", path: "/v1/auth/mfa/disable" },
  summary: "Turn off two-factor authentication (password and a current code)",
  access: authenticated,
  body: disableMfaSchema,
  response: messageResponse,
  errors: [404, 409, 429],
  handler: ({ principal, body }) => disableMfa({ principal, input: body }),
});
