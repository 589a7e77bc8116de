import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../../src/server/platform/db/client";
import { setupAdmin } from "../helpers/auth";
import { api } from "../helpers/rest-client";
import { sessionCookieFor, trpcHttp, uiHeaders } from "../helpers/trpc-http";

const internalErrorLines = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter((call) => call[0] === "[internal error]");

describe("an unexpected failure", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is logged with its cause by tRPC as by REST, and neither caller sees the cause", async () => {
    const admin = await setupAdmin();
    const cookie = await sessionCookieFor(admin.user.id, admin.user.email);
    // A real database failure inside the use case both transports call.
    await db().$executeRawUnsafe("ALTER TABLE legal_holds RENAME TO legal_holds_elsewhere");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);

    const rest = await api("GET", "/api/v1/enterprise/legal-holds/holds", { token: admin.token });
    expect(rest.status).toBe(500);
    expect(rest.text).not.toContain("legal_holds");
    expect(internalErrorLines(logged)).toHaveLength(1);
    expect(String(internalErrorLines(logged)[0][1])).toContain("legal_holds");

    logged.mockClear();
    const trpc = await trpcHttp("legalHolds.list", undefined, uiHeaders(cookie));
    expect(trpc.status).toBe(500);
    expect(await trpc.text()).not.toContain("legal_holds");
    expect(internalErrorLines(logged)).toHaveLength(1);
    expect(String(internalErrorLines(logged)[0][1])).toContain("legal_holds");
  });
});
