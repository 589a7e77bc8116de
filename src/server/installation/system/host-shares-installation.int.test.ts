import { generateKeyPairSync } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../platform/db/client";
import { assertHostSharesInstallation, HostDivergesError } from "./host-shares-installation";

/**
 * Several hosts, each with its own DATA_DIR, on one database (docs/operations.md, "Several hosts"):
 * the first process records each shared secret's fingerprint; a host with another secret, or none
 * where the installation has one, refuses to start and names it.
 */
describe("what every host must share", () => {
  const saved = { ...process.env };
  const firstHost = { DATA_DIR: "", AUTH_SECRET: "first host's session secret", ENCRYPTION_KEY: "first host's encryption key" };

  beforeEach(async () => {
    await db().installationFingerprint.deleteMany();
    firstHost.DATA_DIR = await mkdtemp(path.join(tmpdir(), "host-a-"));
    delete process.env.EXPORT_SIGNING_KEY;
    Object.assign(process.env, firstHost);
    await assertHostSharesInstallation();
  });
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });

  it("records each secret's fingerprint once, never the secret, and lets the same host start again", async () => {
    const rows = await db().installationFingerprint.findMany({ orderBy: { name: "asc" } });
    expect(rows.map((row) => row.name)).toEqual(["AUTH_SECRET", "ENCRYPTION_KEY", "EXPORT_DIR", "EXPORT_SIGNING_KEY"]);
    for (const row of rows) {
      expect(row.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    }
    await expect(assertHostSharesInstallation()).resolves.toBeUndefined();
  });

  it("refuses a host whose session secret or encryption key differs, naming it", async () => {
    process.env.AUTH_SECRET = "another host's session secret";
    await expect(assertHostSharesInstallation()).rejects.toThrow(
      /AUTH_SECRET: this host's \(from AUTH_SECRET, fingerprint [0-9a-f]{16}\) differs/,
    );
    process.env.AUTH_SECRET = firstHost.AUTH_SECRET;
    process.env.ENCRYPTION_KEY = "another host's encryption key";
    await expect(assertHostSharesInstallation()).rejects.toThrow(HostDivergesError);
    await expect(assertHostSharesInstallation()).rejects.toThrow(/ENCRYPTION_KEY/);
  });

  it("refuses a host with its own DATA_DIR whose signing key was generated there", async () => {
    process.env.DATA_DIR = await mkdtemp(path.join(tmpdir(), "host-b-"));
    await expect(assertHostSharesInstallation()).rejects.toThrow(
      /EXPORT_SIGNING_KEY: this host has none \(.*host-b-.*export-signing-key\.pem does not exist\), but this installation already uses one/,
    );
    // It stopped before generating a key of its own.
    expect(existsSync(path.join(process.env.DATA_DIR, "export-signing-key.pem"))).toBe(false);
    process.env.EXPORT_SIGNING_KEY = generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    await expect(assertHostSharesInstallation()).rejects.toThrow(/EXPORT_SIGNING_KEY: this host's \(from EXPORT_SIGNING_KEY, fingerprint/);
  });

  it("refuses a host whose generated session secret is missing, without generating one", async () => {
    process.env.DATA_DIR = await mkdtemp(path.join(tmpdir(), "host-b-"));
    delete process.env.AUTH_SECRET;
    await expect(assertHostSharesInstallation()).rejects.toThrow(/AUTH_SECRET: this host has none \(.*\.auth-secret does not exist\)/);
    expect(existsSync(path.join(process.env.DATA_DIR, ".auth-secret"))).toBe(false);
  });

  it("refuses a host whose production directory is its own, and accepts one that mounts the shared directory", async () => {
    // A second host: the same secrets, but its own DATA_DIR and so its own DATA_DIR/exports.
    process.env.EXPORT_SIGNING_KEY = generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    await db().installationFingerprint.deleteMany({ where: { name: "EXPORT_SIGNING_KEY" } });
    await assertHostSharesInstallation();
    process.env.DATA_DIR = await mkdtemp(path.join(tmpdir(), "host-b-"));
    await expect(assertHostSharesInstallation()).rejects.toThrow(
      /EXPORT_DIR: this host has none \(.*host-b-.*exports does not exist\), but this installation already uses one/,
    );
    expect(existsSync(path.join(process.env.DATA_DIR, "exports"))).toBe(false);
    // Another directory that already has a marker (another installation's) differs.
    const foreign = await mkdtemp(path.join(tmpdir(), "foreign-exports-"));
    process.env.EXPORT_DIR = foreign;
    process.env.DATA_DIR = foreign;
    await expect(assertHostSharesInstallation()).rejects.toThrow(/EXPORT_DIR: this host has none/);
    process.env.EXPORT_DIR = path.join(firstHost.DATA_DIR, "exports");
    await expect(assertHostSharesInstallation()).resolves.toBeUndefined();
  });

  it("two hosts starting at once on an empty installation agree on one fingerprint: one of them stops", async () => {
    await db().installationFingerprint.deleteMany();
    process.env.AUTH_SECRET = "host one";
    const one = assertHostSharesInstallation();
    process.env.AUTH_SECRET = "host two";
    const two = assertHostSharesInstallation();
    const outcomes = await Promise.allSettled([one, two]);
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toHaveLength(1);
    expect(await db().installationFingerprint.count({ where: { name: "AUTH_SECRET" } })).toBe(1);
  });
});
