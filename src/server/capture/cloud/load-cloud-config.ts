import { db } from "../../platform/db/client";
import { notFound, validationError } from "../../platform/errors/app-error";
import { zodFieldErrors } from "../../platform/errors/field-errors";
import {
  googleWorkspaceConfigUpdateSchema,
  microsoft365ConfigUpdateSchema,
  type GoogleWorkspaceConfig,
  type Microsoft365Config,
} from "../ingestion-sources.schemas";
import { openSourceSecret } from "../open-source-secret";

const PROVIDER_SCHEMAS = {
  microsoft365: { schema: microsoft365ConfigUpdateSchema, secret: "clientSecret" },
  "google-workspace": { schema: googleWorkspaceConfigUpdateSchema, secret: "serviceAccountKey" },
} as const;

interface CloudConfigs {
  microsoft365: Microsoft365Config;
  "google-workspace": GoogleWorkspaceConfig;
}

/**
 * A cloud source's settings (defaults applied) with its secret opened, for the sync job only: a
 * sealed secret opens only for the destination it was entered for (config/secret-binding.ts).
 */
export async function loadCloudConfig<P extends keyof CloudConfigs>(options: { sourceId: string; provider: P }): Promise<CloudConfigs[P]> {
  const source = await db().ingestionSource.findUnique({ where: { id: options.sourceId } });
  if (!source) throw notFound("Ingestion source");
  if (source.provider !== options.provider) {
    throw validationError([{ field: "provider", message: `the source is not a ${options.provider} source` }]);
  }
  const stored = source.config as Record<string, unknown>;
  const { schema, secret } = PROVIDER_SCHEMAS[options.provider];
  const plain = openSourceSecret(options.provider, stored, secret);
  // Stored valid, but the rules may have changed since (a host no longer in CLOUD_PRIVATE_HOSTS).
  const settings = schema.safeParse(Object.fromEntries(Object.entries(stored).filter(([key]) => !key.endsWith("Encrypted"))));
  if (!settings.success) throw validationError(zodFieldErrors(settings.error, "config"));
  return { ...settings.data, [secret]: plain } as CloudConfigs[P];
}
