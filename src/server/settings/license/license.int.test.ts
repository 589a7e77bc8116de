import { describe, expect, it } from "vitest";
import { api } from "@tests/helpers/rest-client";
import { setupAdmin } from "@tests/helpers/auth";
import { withEnv } from "@tests/helpers/with-env";

describe("GET /v1/license", () => {
  it("shows every feature enabled when LICENSE_FEATURES is unset, and only the listed ones otherwise", async () => {
    const admin = await setupAdmin();
    expect((await api("GET", "/v1/license", { token: admin.token })).body).toEqual({
      features: [
        { name: "LEGAL_HOLDS", enabled: true },
        { name: "RETENTION_POLICY", enabled: true },
        { name: "EDISCOVERY", enabled: true },
      ],
    });
    await withEnv({ LICENSE_FEATURES: " retention_policy " }, async () => {
      expect((await api("GET", "/v1/license", { token: admin.token })).body.features).toEqual([
        { name: "LEGAL_HOLDS", enabled: false },
        { name: "RETENTION_POLICY", enabled: true },
        { name: "EDISCOVERY", enabled: false },
      ]);
      expect((await api("GET", "/v1/license")).status).toBe(401);
    });
  });
});
