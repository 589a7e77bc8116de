import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createPrivateFileOnceSync, makePrivateDirectorySync } from "../../platform/files/private-files";
import { config, dataDir } from "../../platform/config/env";
import { sha256Hex } from "../../platform/crypto/sha256";

/**
 * Where productions are written by any worker and read back by any web process: EXPORT_DIR, else
 * DATA_DIR/exports. With several hosts it must be one directory every host mounts (docs/operations.md,
 * "Several hosts"): a production written on one host's own disk could not be downloaded through another.
 */
export function productionsRoot(): string {
  // A directory chosen at run time: the build must not trace it (that traced the whole project), as dataDir().
  return path.resolve(/*turbopackIgnore: true*/ config.exportDir ?? path.join(dataDir(), "exports"));
}

/** A random token kept in the production directory, naming that directory to every host that mounts it. */
const MARKER_FILE = ".installation-marker";

export const productionDirectorySource = () => (config.exportDir ? `EXPORT_DIR (${productionsRoot()})` : productionsRoot());

/** True when this host's production directory has no marker yet (a first start, or another host's directory is not mounted here). */
export const productionDirectoryUnmarked = () => !existsSync(path.join(productionsRoot(), MARKER_FILE));

/** The marker's fingerprint, writing a new marker when the directory has none. */
export function productionDirectoryFingerprint(): string {
  const marker = path.join(productionsRoot(), MARKER_FILE);
  if (!existsSync(marker)) {
    makePrivateDirectorySync(productionsRoot());
    createPrivateFileOnceSync(marker, () => `${randomBytes(24).toString("base64url")}\n`);
  }
  return sha256Hex(readFileSync(marker, "utf8").trim()).slice(0, 16);
}
