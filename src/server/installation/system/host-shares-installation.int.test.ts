import { generateKeyPairSync } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { withEnv } from "@tests/helpers/with-env";
import { db } from "../../platform/db/client";
import { assertHostSharesInstallation, HostDivergesError } from "./host-shares-installation";

/**
 * Several hosts, each with its own DATA_DIR, on one database (docs/operations.md, "Several hosts"):
 * the first process records each shared secret's fingerprint; a host with another secret, or none
 * where the installation has one, refuses to start and names it.
 */
describe("what every host must share", () => {
  const firstHost = { DATA_DIR: "", AUTH_SECRET: "first host's session secret", ENCRYPTION_KEY: "first host's encryption key" };
  const generatedSigningKey = () => generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();

  beforeEach(async () => {
    await db().installationFingerprint.deleteMany();
    firstHost.DATA_DIR = await mkdtemp(path.join(tmpdir(), "host-a-"));
  });
  withEnv(() => ({ ...firstHost, EXPORT_SIGNING_KEY: undefined }));
  beforeEach(() => assertHostSharesInstallation());

  it("records each secret's fingerprint once, never the secret, and lets the same host start again", async () => {
    const rows = await db().installationFingerprint.findMany({ orderBy: { name: "asc" } });
    expect(rows.map((row) => row.name)).toEqual(["AUTH_SECRET", "ENCRYPTION_KEY", "EXPORT_DIR", "EXPORT_SIGNING_KEY"]);
    for (const row of rows) {
      expect(row.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    }
    await expect(assertHostSharesInstallation()).resolves.toBeUndefined();
  });

  it("refuses a host whose session secret or encryption key differs, naming it", async () => {
    await withEnv({ AUTH_SECRET: "another host's session secret" }, () =>
      expect(assertHostSharesInstallation()).rejects.toThrow(
        /AUTH_SECRET: this host's \(from AUTH_SECRET, fingerprint [0-9a-f]{16}\) differs/,
      ),
    );
    await withEnv({ ENCRYPTION_KEY: "another host's encryption key" }, async () => {
      await expect(assertHostSharesInstallation()).rejects.toThrow(HostDivergesError);
      await expect(assertHostSharesInstallation()).rejects.toThrow(/ENCRYPTION_KEY/);
    });
  });

  it("refuses a host with its own DATA_DIR whose signing key was generated there", async () => {
    const hostB = await mkdtemp(path.join(tmpdir(), "host-b-"));
    await withEnv({ DATA_DIR: hostB }, async () => {
      await expect(assertHostSharesInstallation()).rejects.toThrow(
        /EXPORT_SIGNING_KEY: this host has none \(.*host-b-.*export-signing-key\.pem does not exist\), but this installation already uses one/,
      );
      // It stopped before generating a key of its own.
      expect(existsSync(path.join(hostB, "export-signing-key.pem"))).toBe(false);
      await withEnv({ EXPORT_SIGNING_KEY: generatedSigningKey() }, () =>
        expect(assertHostSharesInstallation()).rejects.toThrow(/EXPORT_SIGNING_KEY: this host's \(from EXPORT_SIGNING_KEY, fingerprint/),
      );
    });
  });

  it("refuses a host whose generated session secret is missing, without generating one", async () => {
    const hostB = await mkdtemp(path.join(tmpdir(), "host-b-"));
    await withEnv({ DATA_DIR: hostB, AUTH_SECRET: undefined }, async () => {
      await expect(assertHostSharesInstallation()).rejects.toThrow(/AUTH_SECRET: this host has none \(.*\.auth-secret does not exist\)/);
      expect(existsSync(path.join(hostB, ".auth-secret"))).toBe(false);
    });
  });

  it("refuses a host whose production directory is its own, and accepts one that mounts the shared directory", async () => {
    // A second host: the same secrets, but its own DATA_DIR and so its own DATA_DIR/exports.
    await withEnv({ EXPORT_SIGNING_KEY: generatedSigningKey() }, async () => {
      await db().installationFingerprint.deleteMany({ where: { name: "EXPORT_SIGNING_KEY" } });
      await assertHostSharesInstallation();
      const hostB = await mkdtemp(path.join(tmpdir(), "host-b-"));
      await withEnv({ DATA_DIR: hostB }, async () => {
        await expect(assertHostSharesInstallation()).rejects.toThrow(
          /EXPORT_DIR: this host has none \(.*host-b-.*exports does not exist\), but this installation already uses one/,
        );
        expect(existsSync(path.join(hostB, "exports"))).toBe(false);
      });
      // Another directory that already has a marker (another installation's) differs.
      const foreign = await mkdtemp(path.join(tmpdir(), "foreign-exports-"));
      await withEnv({ EXPORT_DIR: foreign, DATA_DIR: foreign }, async () => {
        await expect(assertHostSharesInstallation()).rejects.toThrow(/EXPORT_DIR: this host has none/);
        await withEnv({ EXPORT_DIR: path.join(firstHost.DATA_DIR, "exports") }, () =>
          expect(assertHostSharesInstallation()).resolves.toBeUndefined(),
        );
      });
    });
  });

  it("two hosts starting at once on an empty installation agree on one fingerprint: one of them stops", async () => {
    await db().installationFingerprint.deleteMany();
    // A host reads its session secret as it starts, before its first wait: the two starts overlap.
    const startingWith = (secret: string) => withEnv({ AUTH_SECRET: secret }, () => ({ started: assertHostSharesInstallation() }));
    const one = (await startingWith("host one")).started;
    const two = (await startingWith("host two")).started;
    const outcomes = await Promise.allSettled([one, two]);
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toHaveLength(1);
    expect(await db().installationFingerprint.count({ where: { name: "AUTH_SECRET" } })).toBe(1);
  });
});
