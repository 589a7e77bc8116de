import { sha256Hex } from "../../platform/crypto/sha256";

/** A PDF production's settings as the export record keeps them (ediscovery_exports.production). */
export interface ProductionSettings {
  bates: { prefix: string; start: number; digits: number };
  redact: { pattern: string; kind: "text" | "regex"; label: string }[];
  /** The review tags whose emails are withheld, resolved to the case's tags when the export was created. */
  withhold: { tags: { id: string; name: string }[] };
  endorsement: string | null;
}

export const DEFAULT_REDACTION_LABEL = "Redacted";

/** A Bates number as it is printed and named: the prefix and the number padded to `digits`. */
export const batesNumber = (bates: ProductionSettings["bates"], value: number) =>
  `${bates.prefix}${String(value).padStart(bates.digits, "0")}`;

/**
 * What the API and the audit log show of the settings: the redaction patterns themselves are the
 * sensitive strings being removed, so only their kinds and labels (and, in the audit log, a
 * SHA-256 of the patterns that ties the entry to them) are repeated.
 */
export function publicSettings(settings: ProductionSettings) {
  return {
    bates: settings.bates,
    redact: settings.redact.map((rule) => ({ kind: rule.kind, label: rule.label })),
    withhold: { tags: settings.withhold.tags.map((tag) => tag.name) },
    endorsement: settings.endorsement,
  };
}

export const redactionPatternsSha256 = (settings: ProductionSettings) =>
  sha256Hex(JSON.stringify(settings.redact.map((rule) => [rule.kind, rule.pattern])));
