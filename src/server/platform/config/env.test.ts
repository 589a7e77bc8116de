import { afterEach, describe, expect, it } from "vitest";
import { config } from "./env";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe("config (the environment, read when used and validated)", () => {
  it("reads a variable set after the module was loaded, and falls back to its default when unset or empty", () => {
    delete process.env.DATABASE_POOL_SIZE;
    expect(config.databasePoolSize).toBe(20);
    process.env.DATABASE_POOL_SIZE = "7";
    expect(config.databasePoolSize).toBe(7);
    process.env.DATABASE_POOL_SIZE = "";
    expect(config.databasePoolSize).toBe(20);
  });

  it("refuses an invalid value with an error naming the variable", () => {
    process.env.PORT = "eighty";
    expect(() => config.port).toThrow('PORT must be a non-negative integer, got "eighty"');
    process.env.TRUST_PROXY = "yes";
    expect(() => config.trustProxy).toThrow('TRUST_PROXY must be true or false, got "yes"');
    process.env.STORAGE_BACKEND = "ftp";
    expect(() => config.storage).toThrow(/^STORAGE_BACKEND must be "local" or "s3"/);
  });

  it("reads DATABASE_READ_URL as a list of URLs, refusing others without quoting them (they may hold passwords)", () => {
    delete process.env.DATABASE_READ_URL;
    expect(config.databaseReadUrls).toEqual([]);
    process.env.DATABASE_READ_URL = " postgresql://a:secret@replica-1/archive , postgres://replica-2/archive,";
    expect(config.databaseReadUrls).toEqual(["postgresql://a:secret@replica-1/archive", "postgres://replica-2/archive"]);
    process.env.DATABASE_READ_URL = "postgresql://replica-1/archive,mysql://a:secret@elsewhere";
    expect(() => config.databaseReadUrls).toThrow("DATABASE_READ_URL must be comma-separated postgresql:// URLs; entry 2 is not");
    expect(() => config.databaseReadUrls).not.toThrow(/secret/);
  });

  it("tells an unset LICENSE_FEATURES (every feature) from an empty one (none)", () => {
    delete process.env.LICENSE_FEATURES;
    expect(config.licenseFeatures).toBeUndefined();
    process.env.LICENSE_FEATURES = "";
    expect(config.licenseFeatures).toBe("");
  });

  it("trims the single sign-on settings and needs all three OIDC values", () => {
    process.env.OIDC_ISSUER = " https://idp.example ";
    process.env.OIDC_CLIENT_ID = "archive";
    delete process.env.OIDC_CLIENT_SECRET;
    expect(config.oidc).toBeNull();
    process.env.OIDC_CLIENT_SECRET = "s";
    expect(config.oidc).toMatchObject({ issuer: "https://idp.example", requireVerifiedEmail: true, scopes: "openid email profile" });
  });
});
