import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { issueAccessToken, verifyAccessToken } from "./access-tokens";
import { withEnv } from "@tests/helpers/with-env";

describe("access tokens", () => {
  it("answers the subject of a valid token, also when it is checked again", async () => {
    const subject = { userId: randomUUID(), sessionVersion: 3 };
    const { accessToken } = await issueAccessToken(subject);
    expect(await verifyAccessToken(accessToken)).toEqual(subject);
    expect(await verifyAccessToken(accessToken)).toEqual(subject);
  });

  it("refuses an altered token even after the genuine one was accepted", async () => {
    const { accessToken } = await issueAccessToken({ userId: randomUUID(), sessionVersion: 0 });
    expect(await verifyAccessToken(accessToken)).not.toBeNull();
    const [header, payload, signature] = accessToken.split(".");
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: randomUUID() }),
    ).toString("base64url");
    expect(await verifyAccessToken(`${header}.${otherPayload}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it("refuses a token once it has expired, even one accepted before", async () => {
    // Expiry is in whole seconds from the issuing second: a TTL of 3 leaves the token valid for at least 2 s.
    await withEnv({ AUTH_TOKEN_TTL: "3" }, async () => {
      const { accessToken } = await issueAccessToken({ userId: randomUUID(), sessionVersion: 0 });
      expect(await verifyAccessToken(accessToken)).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 4_100));
      expect(await verifyAccessToken(accessToken)).toBeNull();
    });
  });
});
