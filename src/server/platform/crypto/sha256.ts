import crypto from "node:crypto";

// crypto.hash (Node >= 20.12) is the one-shot form, markedly cheaper per call than createHash.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: "hex") => string }).hash;

/** Lowercase hex SHA-256 of a string's UTF-8 bytes, or of bytes. */
export const sha256Hex: (data: string | Uint8Array) => string = oneShotHash
  ? (data) => oneShotHash("sha256", data, "hex")
  : (data) => crypto.createHash("sha256").update(data).digest("hex");
