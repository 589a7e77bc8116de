import { db } from "../../platform/db/client";
import { secretFingerprint, secretSource, secretWouldBeGenerated } from "../../platform/config/secrets";
import { signingKeyFingerprint, signingKeySource, signingKeyWouldBeGenerated } from "../../platform/signing/installation-signing-key";
import { recordOrReadFingerprint, selectFingerprint } from "./installation-fingerprints.queries";
import {
  productionDirectoryFingerprint,
  productionDirectorySource,
  productionDirectoryUnmarked,
} from "../../ediscovery/export/production-directory";

/** A host that does not share what the installation's other hosts share: a clear stop naming it, never a silent split. */
export class HostDivergesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HostDivergesError";
  }
}

interface SharedThing {
  /** Its name in the installation's records and in messages: the variable that sets it on every host. */
  name: "AUTH_SECRET" | "ENCRYPTION_KEY" | "EXPORT_SIGNING_KEY" | "EXPORT_DIR";
  /** What goes wrong when hosts disagree, for the message. */
  consequence: string;
  /** Where this host takes it from, for the message. */
  source: () => string;
  /** True when this host has none yet: taking its fingerprint would create a new one. */
  absent: () => boolean;
  fingerprint: () => string;
  /** What to do about a missing one. */
  remedy: string;
}

/**
 * What every process of one installation must share (the storage key is checked by the data keys it
 * opens, data-keyring.ts). Each is read from its variable, else generated into the host's own DATA_DIR:
 * two hosts with their own data directories would silently make two.
 */
const SHARED: SharedThing[] = [
  ...(["AUTH_SECRET", "ENCRYPTION_KEY"] as const).map((name) => ({
    name,
    consequence:
      name === "AUTH_SECRET"
        ? "a session or token signed on one host would be refused on the other"
        : "a source's stored password entered on one host could not be opened on the other",
    source: () => secretSource(name),
    absent: () => secretWouldBeGenerated(name),
    fingerprint: () => secretFingerprint(name),
    remedy: `set ${name} to the installation's value on every host, or copy that file from the host that has it`,
  })),
  {
    name: "EXPORT_SIGNING_KEY",
    consequence: "productions and receipts signed on one host would not verify against the other's published key",
    source: signingKeySource,
    absent: signingKeyWouldBeGenerated,
    fingerprint: signingKeyFingerprint,
    remedy: "set EXPORT_SIGNING_KEY to the installation's key on every host, or copy that file from the host that has it",
  },
  {
    name: "EXPORT_DIR",
    consequence: "a production written by one host's worker could not be downloaded through another host",
    source: productionDirectorySource,
    absent: productionDirectoryUnmarked,
    fingerprint: productionDirectoryFingerprint,
    remedy: "set EXPORT_DIR on every host to one directory they all mount",
  },
];

/**
 * Start-up check of every process (prepareDatabase): what this host has of each shared thing matches
 * the fingerprint the installation recorded, or is recorded when this is the first process. A host
 * that lacks one the installation already has stops before making its own; one whose own differs
 * stops naming it (docs/operations.md, "Several hosts").
 */
export async function assertHostSharesInstallation(): Promise<void> {
  for (const shared of SHARED) {
    if (shared.absent()) {
      const recorded = await selectFingerprint(db(), shared.name);
      if (recorded !== null)
        throw new HostDivergesError(
          `${shared.name}: this host has none (${shared.source()} does not exist), but this installation already uses one ` +
            `(fingerprint ${recorded}): ${shared.remedy} (docs/operations.md, "Several hosts"). Otherwise ${shared.consequence}.`,
        );
    }
    const mine = shared.fingerprint();
    const recorded = await recordOrReadFingerprint(db(), shared.name, mine);
    if (recorded !== mine)
      throw new HostDivergesError(
        `${shared.name}: this host's (from ${shared.source()}, fingerprint ${mine}) differs from the one this installation ` +
          `uses (fingerprint ${recorded}): ${shared.remedy} (docs/operations.md, "Several hosts"). Otherwise ${shared.consequence}.`,
      );
  }
}
