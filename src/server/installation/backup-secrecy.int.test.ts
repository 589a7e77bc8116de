import { createHash, createPrivateKey } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { queryOn, useRestoreTargets } from "@tests/helpers/restore-target";
import { runArchiveCli } from "@tests/helpers/archive-cli";
import { runProcess } from "@tests/helpers/run-process";
import { withEnv } from "@tests/helpers/with-env";
import { decryptSecret, encryptSecret } from "../platform/config/encryption";
import { installationPublicKey, signWithInstallationKey, verifyEd25519 } from "../platform/signing/installation-signing-key";
import { systemActor } from "../audit/append-audit-entry";
import { importMessageStream } from "../capture/ingestion/import-message-stream";

useEmptyDatabasePerTest();

const runArchive = (args: string[], env: Record<string, string> = {}) => runArchiveCli(args, env);
const freshTarget = useRestoreTargets();

const SUBJECT = "Quarterly zebrafalcon forecast";
const BODY_WORD = "xylophonequartzite";
const ADDRESS = "marguerite.okonkwo@example.org";

/** Every form a key's bytes could take in a file: its text, the bytes it decodes to, and those as hex and base64. */
function keyForms(text: string): Buffer[] {
  const trimmed = text.trim();
  const decoded = Buffer.from(trimmed, "base64url");
  const derived = createHash("sha256").update(trimmed, "utf8").digest();
  return [trimmed, decoded, derived].flatMap((bytes) => {
    const buffer = Buffer.from(bytes);
    return [buffer, Buffer.from(buffer.toString("hex")), Buffer.from(buffer.toString("base64")), Buffer.from(buffer.toString("base64url"))];
  });
}

/** The signing key as PEM text, its PEM body, its PKCS#8 DER and the raw 32-byte Ed25519 seed. */
function signingKeyForms(pem: string): Buffer[] {
  const der = createPrivateKey(pem).export({ format: "der", type: "pkcs8" });
  const body = pem.replace(/-----[^-]+-----|\s/g, "");
  return [
    Buffer.from(pem.trim()),
    Buffer.from(body),
    der,
    der.subarray(der.length - 32),
    Buffer.from(der.subarray(der.length - 32).toString("hex")),
  ];
}

/** A backup table file's first brotli frame, behind its 4-byte length (parallel-compression.ts). */
const firstBrotliFrame = (bytes: Buffer) => brotliDecompressSync(bytes.subarray(4));

/** Every file under `root`, raw and in every form a thief gets from it without a key (gunzip, raw inflate, a brotli frame). */
async function readableForms(root: string): Promise<{ file: string; bytes: Buffer }[]> {
  const forms: { file: string; bytes: Buffer }[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const raw = await readFile(file);
    forms.push({ file, bytes: raw });
    for (const decode of [gunzipSync, inflateRawSync, firstBrotliFrame]) {
      try {
        forms.push({ file: `${file} (decompressed)`, bytes: decode(raw) });
      } catch {
        // Not compressed data: sealed bytes, as they should be.
      }
    }
  }
  return forms;
}

/** Whether the installation of `env` accepts `token` (a child process: the token key is read once per process). */
async function tokenAccepted(token: string, env: Record<string, string>): Promise<boolean> {
  const script = `import { verifyAccessToken } from "./src/server/identity/auth/access-tokens";
verifyAccessToken(process.env.TOKEN_UNDER_TEST ?? "").then((subject) => console.log(JSON.stringify({ accepted: subject !== null })));`;
  const result = await runProcess("npx", ["tsx", "-e", script], { ...env, TOKEN_UNDER_TEST: token });
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout.trim().split("\n").pop()!) as { accepted: boolean }).accepted;
}

describe("a stolen backup gives away no key and no mail", () => {
  it("holds no subject, body word, address or key bytes; restore names each missing key, refuses a changed byte, and restores with the keys", async () => {
    // The live installation keeps its generated secrets in DATA_DIR (the test's ENCRYPTION_KEY and
    // AUTH_SECRET values, so the rows already sealed under them stay readable), and the processes
    // below read them from there.
    const liveDataDir = process.env.DATA_DIR!;
    const fromFiles = { AUTH_SECRET: "", ENCRYPTION_KEY: "", EXPORT_SIGNING_KEY: "", STORAGE_KEY: "", STORAGE_KEY_FILE: "" };
    await writeFile(path.join(liveDataDir, "encryption.key"), `${process.env.ENCRYPTION_KEY}\n`, { mode: 0o600 });
    await writeFile(path.join(liveDataDir, ".auth-secret"), `${process.env.AUTH_SECRET}\n`, { mode: 0o600 });
    const admin = await setupAdmin();
    const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Bulk", provider: "upload" } })).body;
    async function* items() {
      yield { raw: buildMessage({ subject: SUBJECT, body: `The ${BODY_WORD} numbers are in.`, from: `Marguerite <${ADDRESS}>` }) };
      yield { raw: buildMessage({ subject: "second", body: "plain", to: [ADDRESS] }) };
    }
    await importMessageStream({
      actor: systemActor("test"),
      sourceId: source.id,
      userEmail: ADDRESS,
      items: items(),
      origin: { test: true },
    });
    // A receipt signed by the installation's key, and a credential sealed by its credentials key.
    const receipt = Buffer.from("import receipt: 2 messages");
    const receiptSignature = signWithInstallationKey(receipt);
    const oldPublicKey = installationPublicKey().publicKey;
    const sealedCredential = encryptSecret("m365-client-secret", "source:m365");
    const live = { ...fromFiles, DATA_DIR: liveDataDir };
    expect(await tokenAccepted(admin.token, live)).toBe(true);

    const backupRoot = await mkdtemp(path.join(tmpdir(), "backup-secrecy-"));
    const backup = await runArchive(["backup", "--to", backupRoot], live);
    expect(backup.code, backup.stderr).toBe(0);
    const backupId = JSON.parse(backup.stdout).backup as string;

    const needles: { what: string; bytes: Buffer }[] = [
      { what: "the subject", bytes: Buffer.from(SUBJECT) },
      { what: "a body word", bytes: Buffer.from(BODY_WORD) },
      { what: "an address", bytes: Buffer.from(ADDRESS) },
    ];
    for (const name of ["encryption.key", ".auth-secret", "storage.key"])
      for (const bytes of keyForms(await readFile(path.join(liveDataDir, name), "utf8"))) needles.push({ what: name, bytes });
    for (const bytes of signingKeyForms(await readFile(path.join(liveDataDir, "export-signing-key.pem"), "utf8")))
      needles.push({ what: "export-signing-key.pem", bytes });
    const forms = await readableForms(backupRoot);
    expect(forms.some((form) => form.file.includes("/database/"))).toBe(true);
    const found = forms.flatMap((form) =>
      needles.filter((needle) => form.bytes.includes(needle.bytes)).map((needle) => `${needle.what} in ${form.file}`),
    );
    expect(found).toEqual([]);

    // Without keys: one refusal naming each missing key and where it goes; nothing is written.
    const keyless = await freshTarget({ startedOnce: true });
    const refused = await runArchive(["restore", "--from", backupRoot], { ...fromFiles, ...keyless });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`put the key file at ${path.join(keyless.DATA_DIR, "storage.key")}`);
    expect(refused.stderr).toContain(`the export signing key (Ed25519, public key`);
    expect(refused.stderr).toContain(path.join(keyless.DATA_DIR, "export-signing-key.pem"));
    expect(refused.stderr).not.toContain("the credentials key");
    expect(await queryOn(keyless.DATABASE_URL, "SELECT count(*)::int AS n FROM archived_emails")).toEqual([{ n: 0 }]);

    // One changed byte in a table's file, or in the manifest, fails the restore loudly, naming it.
    const tampered = await mkdtemp(path.join(tmpdir(), "backup-tampered-"));
    await cp(backupRoot, tampered, { recursive: true });
    const tamperedBackup = path.join(tampered, "backups", backupId);
    const tableFile = (await readdir(path.join(tamperedBackup, "database"))).find((name) =>
      name.endsWith("-archived_emails.copy.br.sealed"),
    )!;
    const tableBytes = await readFile(path.join(tamperedBackup, "database", tableFile));
    tableBytes[40] ^= 1;
    await writeFile(path.join(tamperedBackup, "database", tableFile), tableBytes);
    const withStorageKey = { ...fromFiles, STORAGE_KEY_FILE: path.join(liveDataDir, "storage.key") };
    const damaged = await runArchive(["restore", "--from", tampered, "--new-signing-key"], { ...withStorageKey, ...(await freshTarget()) });
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain(`The backup is damaged: database/${tableFile} is altered`);
    const manifestFile = path.join(tamperedBackup, "backup.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
    manifest.files.find((file: { path: string }) => file.path === `database/${tableFile}`).sha256 = createHash("sha256")
      .update(tableBytes)
      .digest("hex");
    await writeFile(manifestFile, JSON.stringify(manifest, null, 2));
    const relabelled = await runArchive(["restore", "--from", tampered, "--new-signing-key"], {
      ...withStorageKey,
      ...(await freshTarget()),
    });
    expect(relabelled.code).toBe(1);
    expect(relabelled.stderr).toContain("The backup is damaged: backup.json was altered");

    // The old session secret given as AUTH_SECRET: refused, since the old sessions would go on.
    const sameSecret = await runArchive(["restore", "--from", backupRoot, "--new-signing-key"], {
      ...withStorageKey,
      ...(await freshTarget()),
      AUTH_SECRET: process.env.AUTH_SECRET!,
    });
    expect(sameSecret.code).toBe(1);
    expect(sameSecret.stderr).toContain("AUTH_SECRET is the backed-up installation's session secret: set a new value");

    // With the storage key and the signing key handed over: the same signing identity, the credentials
    // key back (it travelled wrapped), a new session secret, and `check` clean.
    const handedOver = await freshTarget({ startedOnce: true });
    await writeFile(path.join(handedOver.DATA_DIR, "storage.key"), await readFile(path.join(liveDataDir, "storage.key")), { mode: 0o600 });
    await cp(path.join(liveDataDir, "export-signing-key.pem"), path.join(handedOver.DATA_DIR, "export-signing-key.pem"));
    // The whole old key set copied over, session secret included: the restore replaces that one.
    await cp(path.join(liveDataDir, ".auth-secret"), path.join(handedOver.DATA_DIR, ".auth-secret"));
    const restored = await runArchive(["restore", "--from", backupRoot], { ...fromFiles, ...handedOver });
    expect(restored.code, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ backupId, signingKey: "kept" });
    const checked = await runArchive(["check"], { ...fromFiles, ...handedOver });
    expect(checked.code, checked.stderr).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({ emails: 2, blobsMissing: 0, blobsCorrupt: 0, auditOk: true });
    expect(await readFile(path.join(handedOver.DATA_DIR, "encryption.key"), "utf8")).toBe(`${process.env.ENCRYPTION_KEY}\n`);
    expect(await readFile(path.join(handedOver.DATA_DIR, ".auth-secret"), "utf8")).not.toContain(process.env.AUTH_SECRET!);
    // The old Super Admin session ends: its token, signed with the old session secret, is refused.
    expect(await tokenAccepted(admin.token, { ...fromFiles, ...handedOver })).toBe(false);
    await withEnv({ DATA_DIR: handedOver.DATA_DIR, ENCRYPTION_KEY: "" }, () => {
      expect(installationPublicKey().publicKey).toBe(oldPublicKey);
      expect(verifyEd25519(receipt, receiptSignature, installationPublicKey().publicKey)).toBe(true);
      expect(decryptSecret(sealedCredential, "source:m365")).toBe("m365-client-secret");
    });

    // Without the signing key, --new-signing-key makes a new one and the audit log records the rotation.
    const rotated: Record<string, string> = { ...(await freshTarget({ startedOnce: true })), ...withStorageKey };
    const rotating = await runArchive(["restore", "--from", backupRoot, "--new-signing-key"], { ...fromFiles, ...rotated });
    expect(rotating.code, rotating.stderr).toBe(0);
    expect(JSON.parse(rotating.stdout)).toMatchObject({ signingKey: "replaced" });
    const [entry] = await queryOn<{ actor_identifier: string; details: Record<string, string> }>(
      rotated.DATABASE_URL,
      "SELECT actor_identifier, details FROM audit_logs WHERE target_id = 'export-signing-key'",
    );
    expect(entry.actor_identifier).toMatch(/^cli:/);
    expect(entry.details).toMatchObject({ change: "export signing key replaced on restore", backupId, oldPublicKey });
    expect(entry.details.newPublicKey).not.toBe(oldPublicKey);
    const rotatedCheck = await runArchive(["check"], { ...fromFiles, ...rotated });
    expect(rotatedCheck.code, rotatedCheck.stderr).toBe(0);
  }, 600_000);

  it("refuses a backup of the earlier format, which held keys and mail text in clear", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "backup-old-format-"));
    const directory = path.join(root, "backups", "2026-01-01T00-00-00.000Z");
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, "backup.json"), JSON.stringify({ format: "mail-archive-backup/1", id: "old" }));
    const target = await freshTarget();
    const refused = await runArchive(["restore", "--from", root], {
      ...target,
      STORAGE_KEY_FILE: path.join(process.env.DATA_DIR!, "storage.key"),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("has the format mail-archive-backup/1, which this version does not restore");
  });
});
