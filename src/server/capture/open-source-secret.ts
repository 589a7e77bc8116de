import { openSecret } from "../platform/config/secret-binding";
import { AppError } from "../platform/errors/app-error";
import type { Provider } from "./ingestion-sources.schemas";
import { SOURCE_SECRET_BINDINGS } from "./source-secret-bindings";

/**
 * A source's stored secret that does not open here: it was sealed for another destination, or with
 * another ENCRYPTION_KEY than this process has. An API caller gets 422 naming the field; a background
 * job that meets it fails for good with this reason (sync-job-outcome.ts), never ends as done.
 */
export class SourceSecretUnreadableError extends AppError {
  constructor(secret: string, options: { cause?: unknown } = {}) {
    super("VALIDATION", `the stored ${secret} does not open`, {
      cause: options.cause,
      fieldErrors: [
        {
          field: `config.${secret}`,
          message:
            `the stored ${secret} does not open: it was entered for another destination, or sealed with another ` +
            `ENCRYPTION_KEY than this host's (docs/configuration.md, "Several hosts"): enter it again`,
        },
      ],
    });
    this.name = "SourceSecretUnreadableError";
  }
}

/** A source's secret, opened for the destination in its stored config (config/secret-binding.ts), or SourceSecretUnreadableError. */
export function openSourceSecret(provider: Provider, storedConfig: Record<string, unknown>, secret: string): string {
  try {
    return openSecret(SOURCE_SECRET_BINDINGS[provider], storedConfig, secret);
  } catch (error) {
    throw new SourceSecretUnreadableError(secret, { cause: error });
  }
}
