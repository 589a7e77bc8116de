import { config } from "./env";

/** The variables the guard looks at, as configured. */
const productionEnv = (): Record<string, string | undefined> => ({
  NODE_ENV: config.nodeEnv,
  ALLOW_GENERATED_SECRETS: String(config.allowGeneratedSecrets),
  ...config.secrets,
});

/**
 * With NODE_ENV=production set by the operator, refuse to run on generated or missing secrets
 * (they live next to the data and travel with backups) unless ALLOW_GENERATED_SECRETS=true.
 */
export function assertProductionSecrets(env: Record<string, string | undefined> = productionEnv()): void {
  if (env.NODE_ENV !== "production" || env.ALLOW_GENERATED_SECRETS === "true") return;
  const missing = ["AUTH_SECRET", "ENCRYPTION_KEY"].filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `NODE_ENV=production needs ${missing.join(" and ")} to be set (generated secrets are refused in production; ` +
        "set ALLOW_GENERATED_SECRETS=true to accept them).",
    );
  }
  if ((env.AUTH_SECRET ?? "").length < 32) throw new Error("AUTH_SECRET must be at least 32 characters in production.");
}
