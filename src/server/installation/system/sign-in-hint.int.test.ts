import { describe, expect, it } from "vitest";
import { api } from "@tests/helpers/rest-client";
import { setupAdmin } from "@tests/helpers/auth";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { db } from "../../platform/db/client";
import { signInHint } from "./prepare-database";

useEmptyDatabasePerTest();

describe("the start's sign-in hint", () => {
  it("prints a one-time setup token and its /setup link while no user exists, and that token sets up the first administrator", async () => {
    const hint = await signInHint(3000);
    const line = hint.split("\n").find((text) => text.includes("setup token"));
    const token = /setup token: (\S+)/.exec(line ?? "")?.[1];
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(hint).toContain(`http://localhost:3000/setup?token=${token}`);
    const body = { email: "first@example.com", password: "long-enough", first_name: "F", last_name: "Irst" };
    expect((await api("POST", "/v1/auth/setup", { body: { ...body, setupToken: token } })).status).toBe(201);
  });

  it("issues no token once a user exists", async () => {
    await setupAdmin();
    expect(await signInHint(3000)).not.toContain("setup token");
    expect(await db().setupToken.count()).toBe(0);
  });
});
