import { enabledFeatures, LICENSE_FEATURES, type LicenseFeature } from "./license";

export async function getLicense(): Promise<{ features: { name: LicenseFeature; enabled: boolean }[] }> {
  const enabled = enabledFeatures();
  return { features: LICENSE_FEATURES.map((name) => ({ name, enabled: enabled.includes(name) })) };
}
