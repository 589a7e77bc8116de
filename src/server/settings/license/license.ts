import { config } from "../../platform/config/env";
import { AppError } from "../../platform/errors/app-error";

export const LICENSE_FEATURES = ["LEGAL_HOLDS", "RETENTION_POLICY", "EDISCOVERY"] as const;
export type LicenseFeature = (typeof LICENSE_FEATURES)[number];

/** LICENSE_FEATURES (comma-separated) names the enabled features; unset means all of them. */
export function enabledFeatures(): LicenseFeature[] {
  const raw = config.licenseFeatures;
  if (raw === undefined) return [...LICENSE_FEATURES];
  const names = raw.split(",").map((name) => name.trim().toUpperCase());
  return LICENSE_FEATURES.filter((feature) => names.includes(feature));
}

export function isFeatureEnabled(feature: LicenseFeature): boolean {
  return enabledFeatures().includes(feature);
}

export function assertFeatureEnabled(feature: LicenseFeature): void {
  if (!isFeatureEnabled(feature)) {
    throw new AppError("FEATURE_DISABLED", `The ${feature} feature is not enabled in the license`);
  }
}
