import { authenticator } from "otplib";
import { describe, expect, it } from "vitest";
import { createUserWithRole, setupAdmin, type TestUser } from "@tests/helpers/auth";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { sessionCookieFor, trpcHttp, uiHeaders } from "@tests/helpers/trpc-http";
import { issueAccessToken, SESSION_VERSION_CLAIM } from "../auth/access-tokens";
import { db } from "../../platform/db/client";

useEmptyDatabasePerTest();

/**
 * Issue 34, item 12: every credential change ends the user's earlier tokens and UI sessions (API keys
 * are separate credentials and stay). A change the user makes from the UI keeps that one session,
 * re-issued at the new version; every other session, and every bearer token, ends.
 */

const enrolCode = (secret: string, offsetSteps = -1) => authenticator.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);

async function startTotp(user: TestUser): Promise<string> {
  return (await api("POST", "/v1/auth/mfa/totp/setup", { apiKey: user.apiKey! })).body.secret as string;
}

interface CredentialChange {
  reason: string;
  /** Brings the user to where the change applies (before their sessions are opened); answers what `make` needs. */
  prepare?(user: TestUser): Promise<string>;
  /** Makes the change through tRPC with the given headers (the user's UI session, or an administrator's). */
  make(user: TestUser, headers: Record<string, string>, admin: TestUser, prepared: string): Promise<Response>;
  byAdministrator?: boolean;
}

const CHANGES: Record<string, CredentialChange> = {
  "enabling two-factor": {
    reason: "mfa_enabled",
    async make(user, headers) {
      const secret = await startTotp(user);
      return trpcHttp("account.enableTotp", { code: enrolCode(secret) }, headers);
    },
  },
  "turning two-factor off": {
    reason: "mfa_disabled",
    async prepare(user) {
      const secret = await startTotp(user);
      expect((await api("POST", "/v1/auth/mfa/totp/enable", { apiKey: user.apiKey!, body: { code: enrolCode(secret) } })).status).toBe(200);
      return secret;
    },
    make: (user, headers, _admin, secret) =>
      trpcHttp("account.disableMfa", { password: user.password, code: enrolCode(secret, 1) }, headers),
  },
  "changing the password": {
    reason: "password_changed",
    make: (user, headers) =>
      trpcHttp("account.changePassword", { currentPassword: user.password, newPassword: "another-password-9" }, headers),
  },
  "changing one's own email": {
    reason: "email_changed",
    make: (user, headers) => trpcHttp("account.updateProfile", { email: "renamed@example.com", currentPassword: user.password }, headers),
  },
  "an administrator changing the user's email": {
    reason: "email_changed",
    byAdministrator: true,
    make: async (user, _headers, admin) =>
      trpcHttp("users.update", { id: user.user.id, email: "renamed@example.com" }, { authorization: `Bearer ${admin.token}` }),
  },
};

describe("a credential change ends the user's earlier sessions", () => {
  for (const [name, change] of Object.entries(CHANGES)) {
    it(`${name}: earlier tokens and sessions end (${change.reason}), API keys stay${change.byAdministrator ? "" : ", the UI session making it goes on"}`, async () => {
      const admin = await setupAdmin();
      const user = await createUserWithRole(admin.token, "predefined_read_only", { email: "user@example.com", apiKey: true });
      const prepared = (await change.prepare?.(user)) ?? "";
      // The user's sessions as sign-in makes them, at their current session version.
      const { sessionVersion } = await db().user.findUniqueOrThrow({ where: { id: user.user.id } });
      user.token = (await issueAccessToken({ userId: user.user.id, sessionVersion })).accessToken;
      const session = () => sessionCookieFor(user.user.id, user.user.email, { [SESSION_VERSION_CLAIM]: sessionVersion });
      const otherSession = uiHeaders(await session());
      const ownSession = uiHeaders(await session());
      expect((await trpcHttp("account.me", undefined, otherSession)).status).toBe(200);
      expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(200);
      const before = await db().auditLog.count({ where: { actionType: "REVOKE_SESSIONS", targetId: user.user.id } });

      const answer = await change.make(user, ownSession, admin, prepared);
      expect(answer.status).toBe(200);

      expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(401);
      expect((await trpcHttp("account.me", undefined, otherSession)).status).toBe(401);
      expect((await api("GET", "/v1/auth/me", { apiKey: user.apiKey! })).status).toBe(200);
      const renewed = /^(next-auth\.session-token=[^;]+)/.exec(answer.headers.get("set-cookie") ?? "")?.[1];
      if (change.byAdministrator) {
        expect(renewed).toBeUndefined();
        expect((await trpcHttp("account.me", undefined, ownSession)).status).toBe(401);
        expect((await api("GET", "/v1/auth/me", { token: admin.token })).status).toBe(200);
      } else {
        expect(answer.headers.get("set-cookie")).toMatch(/; HttpOnly; SameSite=Lax$/);
        expect((await trpcHttp("account.me", undefined, uiHeaders(renewed!))).status).toBe(200);
      }
      const entries = await db().auditLog.findMany({
        where: { actionType: "REVOKE_SESSIONS", targetId: user.user.id },
        orderBy: { id: "asc" },
      });
      expect(entries).toHaveLength(before + 1);
      expect(entries.at(-1)!.details).toMatchObject({
        reason: change.reason,
        actorUserId: change.byAdministrator ? admin.user.id : user.user.id,
      });
    });
  }

  it("a bearer token making a change ends with the others (REST clients sign in again)", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_read_only");
    const setup = await api("POST", "/v1/auth/mfa/totp/setup", { token: user.token });
    const enabled = await api("POST", "/v1/auth/mfa/totp/enable", { token: user.token, body: { code: enrolCode(setup.body.secret) } });
    expect(enabled.status).toBe(200);
    expect(enabled.headers.get("set-cookie")).toBeNull();
    expect((await api("GET", "/v1/auth/me", { token: user.token })).status).toBe(401);
  });

  it("a renewed cookie is not handed to a session that did not make the change", async () => {
    const admin = await setupAdmin();
    const user = await createUserWithRole(admin.token, "predefined_read_only", { apiKey: true });
    const session = uiHeaders(await sessionCookieFor(user.user.id, user.user.email));
    const wrong = await trpcHttp(
      "account.changePassword",
      { currentPassword: "not-the-password", newPassword: "another-password-9" },
      session,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const names = await trpcHttp("account.updateProfile", { first_name: "Renamed" }, session);
    expect(names.status).toBe(200);
    expect(names.headers.get("set-cookie")).toBeNull();
    expect((await trpcHttp("account.me", undefined, session)).status).toBe(200);
  });
});
