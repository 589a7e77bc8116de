import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { config, dataDir } from "../config/env";
import { createPrivateFileOnceSync, makePrivateDataDirectory } from "../files/private-files";
import { sha256Hex } from "../crypto/sha256";

export const SIGNING_KEY_FILE_NAME = "export-signing-key.pem";
const KEY_FILE = SIGNING_KEY_FILE_NAME;

/**
 * The installation's Ed25519 key that signs what leaves the archive as evidence (export manifests,
 * certificates of destruction): EXPORT_SIGNING_KEY (a PKCS#8 PEM), else one generated once into the
 * data directory (mode 0600), so every process sharing DATA_DIR signs with the same key.
 */
function loadPrivateKey(): KeyObject {
  const fromEnv = config.exportSigningKey;
  if (fromEnv) return asEd25519(createPrivateKey(fromEnv.replace(/\\n/g, "\n")));
  const file = path.join(dataDir(), KEY_FILE);
  if (!existsSync(file)) {
    makePrivateDataDirectory();
    // Another process may write it first: everyone uses that one.
    createPrivateFileOnceSync(file, () => generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }));
  }
  return asEd25519(createPrivateKey(readFileSync(file, "utf8")));
}

function asEd25519(key: KeyObject): KeyObject {
  if (key.asymmetricKeyType !== "ed25519") throw new Error("EXPORT_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM)");
  return key;
}

let cached: { privateKey: KeyObject; publicKeyPem: string; source: string } | undefined;

function installationKey() {
  const source = config.exportSigningKey ?? path.join(dataDir(), KEY_FILE);
  if (!cached || cached.source !== source) {
    const privateKey = loadPrivateKey();
    const publicKeyPem = createPublicKey(privateKey).export({ format: "pem", type: "spki" }).toString();
    cached = { privateKey, publicKeyPem, source };
  }
  return cached;
}

/** Where the signing key comes from on this host, for messages: EXPORT_SIGNING_KEY or the generated file's path. */
export function signingKeySource(): string {
  return config.exportSigningKey ? "EXPORT_SIGNING_KEY" : path.join(dataDir(), KEY_FILE);
}

/** True when no signing key is configured or generated yet: using one would generate a new key. */
export function signingKeyWouldBeGenerated(): boolean {
  return !config.exportSigningKey && !existsSync(path.join(dataDir(), KEY_FILE));
}

/** The installation's public key when it has a signing key (EXPORT_SIGNING_KEY or the file), without generating one. */
export function existingSigningPublicKey(): string | null {
  return signingKeyWouldBeGenerated() ? null : installationKey().publicKeyPem;
}

/** Names the installation's signing key by its public half, which reveals nothing secret (generating one if none exists yet). */
export function signingKeyFingerprint(): string {
  return publicKeyFingerprint(installationKey().publicKeyPem);
}

/** A short name of a public key (SPKI PEM): the first 16 hex digits of its DER's SHA-256. */
export function publicKeyFingerprint(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ format: "der", type: "spki" });
  return sha256Hex(der).slice(0, 16);
}

/** Base64 Ed25519 signature of the exact bytes given. */
export function signWithInstallationKey(bytes: Uint8Array): string {
  return sign(null, bytes, installationKey().privateKey).toString("base64");
}

/** `{algorithm: "Ed25519", publicKey}` with the SPKI PEM anyone can check signatures with. */
export function installationPublicKey(): { algorithm: "Ed25519"; publicKey: string } {
  return { algorithm: "Ed25519", publicKey: installationKey().publicKeyPem };
}

/** True when `signatureBase64` is a valid Ed25519 signature of `bytes` under the SPKI PEM key. */
export function verifyEd25519(bytes: Uint8Array, signatureBase64: string, publicKeyPem: string): boolean {
  try {
    return verify(null, bytes, createPublicKey(publicKeyPem), Buffer.from(signatureBase64, "base64"));
  } catch {
    return false;
  }
}
