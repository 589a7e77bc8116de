import { authenticator } from "otplib";

const STEP_SECONDS = 30;
/** One step either side, for clocks a little apart (RFC 6238, section 5.2). */
const totp = authenticator.clone({ step: STEP_SECONDS, window: 1 });

export const TOTP_ISSUER = "Mail Archive";

export function newTotpSecret(): string {
  return totp.generateSecret(20);
}

export function otpauthUrl(accountName: string, secret: string): string {
  return totp.keyuri(accountName, TOTP_ISSUER, secret);
}

/** The time step a 6-digit code belongs to, within the window, or null when it matches none. */
export function totpStepOf(code: string, secret: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.checkDelta(code, secret);
  return delta === null ? null : Math.floor(Date.now() / 1000 / STEP_SECONDS) + delta;
}
