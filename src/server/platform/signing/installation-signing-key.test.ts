import { mkdtemp, readFile, stat } from "node:fs/promises";
import { generateKeyPairSync } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installationPublicKey, signWithInstallationKey, verifyEd25519 } from "./installation-signing-key";

describe("installation signing key", () => {
  const saved = { DATA_DIR: process.env.DATA_DIR, EXPORT_SIGNING_KEY: process.env.EXPORT_SIGNING_KEY };
  beforeEach(async () => {
    process.env.DATA_DIR = await mkdtemp(path.join(tmpdir(), "signing-"));
    delete process.env.EXPORT_SIGNING_KEY;
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("generates one key into the data directory, private to its owner, and signs verifiably", async () => {
    const bytes = Buffer.from("emailId,sha256\n1,abc\n");
    const signature = signWithInstallationKey(bytes);
    const { algorithm, publicKey } = installationPublicKey();
    expect(algorithm).toBe("Ed25519");
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(verifyEd25519(bytes, signature, publicKey)).toBe(true);
    expect(verifyEd25519(Buffer.from("emailId,sha256\n1,abd\n"), signature, publicKey)).toBe(false);
    const file = path.join(process.env.DATA_DIR!, "export-signing-key.pem");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, "utf8")).toMatch(/BEGIN PRIVATE KEY/);
    expect(installationPublicKey().publicKey).toBe(publicKey);
  });

  it("uses EXPORT_SIGNING_KEY when set, and refuses a key that is not Ed25519", () => {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    process.env.EXPORT_SIGNING_KEY = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    expect(installationPublicKey().publicKey).toBe(publicKey.export({ format: "pem", type: "spki" }).toString());
    process.env.EXPORT_SIGNING_KEY = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .privateKey.export({ format: "pem", type: "pkcs8" })
      .toString();
    expect(() => signWithInstallationKey(Buffer.from("x"))).toThrow(/Ed25519/);
  });
});
