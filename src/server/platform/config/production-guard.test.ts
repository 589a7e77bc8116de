import { describe, expect, it } from "vitest";
import { assertProductionSecrets } from "./production-guard";

describe("assertProductionSecrets", () => {
  it("accepts anything outside production", () => {
    expect(() => assertProductionSecrets({ NODE_ENV: "development" })).not.toThrow();
    expect(() => assertProductionSecrets({})).not.toThrow();
  });

  it("refuses production without both secrets, naming the missing ones", () => {
    expect(() => assertProductionSecrets({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET and ENCRYPTION_KEY/);
    expect(() => assertProductionSecrets({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) })).toThrow(/ENCRYPTION_KEY/);
  });

  it("refuses a short AUTH_SECRET in production", () => {
    expect(() => assertProductionSecrets({ NODE_ENV: "production", AUTH_SECRET: "short", ENCRYPTION_KEY: "k" })).toThrow(/32/);
  });

  it("accepts production with both secrets, or with generated ones when explicitly allowed", () => {
    expect(() => assertProductionSecrets({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40), ENCRYPTION_KEY: "k" })).not.toThrow();
    expect(() => assertProductionSecrets({ NODE_ENV: "production", ALLOW_GENERATED_SECRETS: "true" })).not.toThrow();
  });
});
