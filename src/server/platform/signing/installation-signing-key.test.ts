import { mkdtemp, readFile, stat } from "node:fs/promises";
import { generateKeyPairSync } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withEnv } from "@tests/helpers/with-env";
import { installationPublicKey, signWithInstallationKey, verifyEd25519 } from "./installation-signing-key";

describe("installation signing key", () => {
  withEnv(async () => ({ DATA_DIR: await mkdtemp(path.join(tmpdir(), "signing-")), EXPORT_SIGNING_KEY: undefined }));

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

  it("uses EXPORT_SIGNING_KEY when set, and refuses a key that is not Ed25519", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    await withEnv({ EXPORT_SIGNING_KEY: privateKey.export({ format: "pem", type: "pkcs8" }).toString() }, () =>
      expect(installationPublicKey().publicKey).toBe(publicKey.export({ format: "pem", type: "spki" }).toString()),
    );
    const rsaKey = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    await withEnv({ EXPORT_SIGNING_KEY: rsaKey }, () => expect(() => signWithInstallationKey(Buffer.from("x"))).toThrow(/Ed25519/));
  });
});
