import { authenticator } from "otplib";
import { expect } from "vitest";
import type { TestUser } from "./auth";
import { api } from "./rest-client";

/** A code of the secret for a time step other than the current one (the window accepts one either side). */
export const codeAt = (secret: string, offsetSteps: number) =>
  authenticator.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);

/**
 * Waits, when the current time step ends within `marginMs`, for the next one: a code of the previous
 * step stays valid only until the current step ends, and a loaded machine can take seconds to send it.
 */
export async function awayFromStepEnd(marginMs = 10_000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Enrols the user in TOTP through the API (the previous step's code, so the current one still signs in). */
export async function enrol(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await api("POST", "/v1/auth/mfa/totp/setup", { token: user.token });
  expect(setup.status).toBe(200);
  await awayFromStepEnd();
  const enabled = await api("POST", "/v1/auth/mfa/totp/enable", { token: user.token, body: { code: codeAt(setup.body.secret, -1) } });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
}

/** The password step of a sign-in (answers the mfaToken when two-factor is on). */
export const passwordStep = (user: TestUser) =>
  api("POST", "/v1/auth/login", { body: { email: user.user.email, password: user.password } });
