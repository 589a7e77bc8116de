import { describe, expect, it } from "vitest";
import { withEnv } from "@tests/helpers/with-env";
import { config } from "./env";

describe("config (the environment, read when used and validated)", () => {
  it("reads a variable set after the module was loaded, and falls back to its default when unset or empty", async () => {
    await withEnv({ DATABASE_POOL_SIZE: undefined }, () => expect(config.databasePoolSize).toBe(20));
    await withEnv({ DATABASE_POOL_SIZE: "7" }, () => expect(config.databasePoolSize).toBe(7));
    await withEnv({ DATABASE_POOL_SIZE: "" }, () => expect(config.databasePoolSize).toBe(20));
  });

  it("refuses an invalid value with an error naming the variable", async () => {
    await withEnv({ PORT: "eighty" }, () => expect(() => config.port).toThrow('PORT must be a non-negative integer, got "eighty"'));
    await withEnv({ TRUST_PROXY: "yes" }, () => expect(() => config.trustProxy).toThrow('TRUST_PROXY must be true or false, got "yes"'));
    await withEnv({ STORAGE_BACKEND: "ftp" }, () => expect(() => config.storage).toThrow(/^STORAGE_BACKEND must be "local" or "s3"/));
  });

  it("reads DATABASE_READ_URL as a list of URLs, refusing others without quoting them (they may hold passwords)", async () => {
    await withEnv({ DATABASE_READ_URL: undefined }, () => expect(config.databaseReadUrls).toEqual([]));
    await withEnv({ DATABASE_READ_URL: " postgresql://a:secret@replica-1/archive , postgres://replica-2/archive," }, () =>
      expect(config.databaseReadUrls).toEqual(["postgresql://a:secret@replica-1/archive", "postgres://replica-2/archive"]),
    );
    await withEnv({ DATABASE_READ_URL: "postgresql://replica-1/archive,mysql://a:secret@elsewhere" }, () => {
      expect(() => config.databaseReadUrls).toThrow("DATABASE_READ_URL must be comma-separated postgresql:// URLs; entry 2 is not");
      expect(() => config.databaseReadUrls).not.toThrow(/secret/);
    });
  });

  it("tells an unset LICENSE_FEATURES (every feature) from an empty one (none)", async () => {
    await withEnv({ LICENSE_FEATURES: undefined }, () => expect(config.licenseFeatures).toBeUndefined());
    await withEnv({ LICENSE_FEATURES: "" }, () => expect(config.licenseFeatures).toBe(""));
  });

  it("trims the single sign-on settings and needs all three OIDC values", async () => {
    const issuerAndClient = { OIDC_ISSUER: " https://idp.example ", OIDC_CLIENT_ID: "archive" };
    await withEnv({ ...issuerAndClient, OIDC_CLIENT_SECRET: undefined }, () => expect(config.oidc).toBeNull());
    await withEnv({ ...issuerAndClient, OIDC_CLIENT_SECRET: "s" }, () =>
      expect(config.oidc).toMatchObject({ issuer: "https://idp.example", requireVerifiedEmail: true, scopes: "openid email profile" }),
    );
  });
});
