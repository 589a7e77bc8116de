import { lstat, mkdtemp, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir } from "../../src/server/platform/config/env";
import { db, disconnectDb } from "../../src/server/platform/db/client";
import { runNextExport } from "../../src/server/ediscovery/export/run-export";
import { journalTlsCredentials } from "../../src/server/capture/journal/journal-tls";
import { setupAdmin } from "../helpers/auth";
import { createCaseVia, EDISCOVERY } from "../helpers/ediscovery";
import { buildMessage, zipOf } from "../helpers/mail";
import { codeAt, enrol, passwordStep } from "../helpers/mfa";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api } from "../helpers/rest-client";
import { queryOn, useRestoreTargets } from "../helpers/restore-target";
import { runArchiveCli } from "../helpers/archive-cli";
import { withEnv } from "../helpers/with-env";

/**
 * Nothing the service writes that holds mail or secrets is readable by another local account,
 * whatever the umask (issue 34, item 9). Under umask 0, which would leave every file 0666 and
 * every directory 0777, the test runs an import (a zip spooled to disk, then stored), an export
 * with attachment texts (on the writer threads), the generated secrets and keys, a backup and a
 * restore (the CLI, child processes inheriting the umask), then walks every file and directory
 * under DATA_DIR, the backup directory and the restored DATA_DIR: none has a group or other bit.
 */
useEmptyDatabasePerTest();
const freshTarget = useRestoreTargets();

let umask: number;
// Generated into DATA_DIR, as an installation without them in the environment does.
withEnv({ ENCRYPTION_KEY: undefined, AUTH_SECRET: undefined }, { scope: "all" });
beforeAll(() => {
  umask = process.umask(0);
});
afterAll(() => {
  process.umask(umask);
});

/** Every file and directory under `root` (not `root` itself), with its permission bits. */
async function walk(root: string): Promise<{ file: string; mode: number; directory: boolean }[]> {
  const entries = await readdir(root, { recursive: true });
  return Promise.all(
    entries.map(async (entry) => {
      const info = await lstat(path.join(root, entry));
      return { file: entry, mode: info.mode & 0o777, directory: info.isDirectory() };
    }),
  );
}

/** The entries with a group or other bit, as "<octal mode> <path>". */
const readableByOthers = (entries: { file: string; mode: number }[]) =>
  entries.filter((entry) => (entry.mode & 0o077) !== 0).map((entry) => `${entry.mode.toString(8)} ${entry.file}`);

/** DATA_DIR itself: 0700, or 0711 as root (the embedded PostgreSQL's own user must pass through it). */
const DATA_DIR_MODE = process.getuid?.() === 0 ? 0o711 : 0o700;
const modeOf = async (file: string) => (await lstat(file)).mode & 0o777;

const runArchive = (args: string[], env: Record<string, string> = {}) => runArchiveCli(args, env);

describe("file permissions under umask 0", () => {
  it("import, export, secrets, backup and restore write 0600 files in 0700 directories; TOTP survives the restore", async () => {
    expect(process.umask()).toBe(0);
    const enrolled = await setupAdmin();
    const { secret } = await enrol(enrolled);
    // Enabling two-factor ends the user's earlier sessions, the enrolling token's included: sign in again.
    const mfaToken = (await passwordStep(enrolled)).body.mfaToken;
    const signedIn = await api("POST", "/v1/auth/login/mfa", { body: { mfaToken, code: codeAt(secret, 0) } });
    expect(signedIn.status).toBe(200);
    const admin = { ...enrolled, token: signedIn.body.accessToken as string };

    // An import: the zip is spooled under DATA_DIR/tmp, its messages stored as blobs.
    const source = (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name: "Upload", provider: "upload" } })).body;
    const zip = await zipOf([
      { name: "Inbox/one.eml", bytes: buildMessage({ subject: "Merger one", body: "merger" }) },
      {
        name: "Inbox/two.eml",
        bytes: buildMessage({
          subject: "Merger two",
          body: "merger",
          attachments: [{ filename: "notes.txt", contentType: "text/plain", content: "merger notes" }],
        }),
      },
    ]);
    const imported = await api("POST", `/v1/ingestion-sources/${source.id}/import?userEmail=alice@example.com`, {
      token: admin.token,
      rawBody: new Uint8Array(zip),
      headers: { "content-type": "application/zip" },
    });
    expect(imported.body).toEqual({ imported: 2, duplicates: 0, failed: [] });

    // An export with attachment texts, signed with the generated installation key.
    const matter = await createCaseVia(admin.token);
    const created = await api("POST", `${EDISCOVERY}/cases/${matter.id}/exports`, {
      token: admin.token,
      body: { name: "Production", source: { searchQuery: { query: "merger" } }, format: "eml", includeAttachmentText: true },
    });
    expect(created.status).toBe(202);
    while (await runNextExport());
    expect((await db().ediscoveryExport.findUniqueOrThrow({ where: { id: created.body.id } })).status).toBe("completed");
    await journalTlsCredentials();

    // A backup, then a restore into a fresh installation, by the CLI.
    const backupRoot = path.join(await mkdtemp(path.join(tmpdir(), "backup-")), "archive-backups");
    const backup = await runArchive(["backup", "--to", backupRoot]);
    expect(backup.code, backup.stderr).toBe(0);
    // The backup is encrypted: the restore is given the installation's storage key, and makes a new
    // signing key and session secret (written by the restore itself, so their modes are checked here).
    const target: Record<string, string> = {
      ...(await freshTarget({ startedOnce: true })),
      STORAGE_KEY_FILE: path.join(dataDir(), "storage.key"),
    };
    const restore = await runArchive(["restore", "--from", backupRoot, "--new-signing-key"], { ...target, AUTH_SECRET: "" });
    expect(restore.code, restore.stderr).toBe(0);

    const live = await walk(dataDir());
    expect(live.map((entry) => entry.file)).toEqual(
      expect.arrayContaining([
        "encryption.key",
        ".auth-secret",
        "export-signing-key.pem",
        "journal-smtp.pem",
        "tmp",
        "storage",
        `exports/${created.body.id}/manifest.csv`,
        `exports/${created.body.id}/loadfile.dat`,
        `exports/${created.body.id}/manifest.sig`,
        `exports/${created.body.id}/README.txt`,
        `exports/${created.body.id}/export-key.pem`,
        `exports/${created.body.id}/messages`,
        `exports/${created.body.id}/attachments-text`,
      ]),
    );
    expect(live.filter((entry) => entry.file.startsWith("storage/sha256/") && !entry.directory).length).toBeGreaterThanOrEqual(3);
    expect(live.some((entry) => entry.file.startsWith(`exports/${created.body.id}/messages/`))).toBe(true);
    expect(readableByOthers(live)).toEqual([]);
    expect(await modeOf(dataDir())).toBe(DATA_DIR_MODE);

    const backedUp = await walk(backupRoot);
    const files = backedUp.map((entry) => entry.file);
    expect(files.some((file) => /^backups\/[^/]+\/database\/\d+-users\.copy\.br\.sealed$/.test(file))).toBe(true);
    expect(files.some((file) => /^backups\/[^/]+\/backup\.json$/.test(file))).toBe(true);
    expect(files.some((file) => file.startsWith("blobs/sha256/"))).toBe(true);
    expect(readableByOthers(backedUp)).toEqual([]);
    expect(await modeOf(backupRoot)).toBe(0o700);

    const restored = await walk(target.DATA_DIR);
    expect(restored.map((entry) => entry.file)).toEqual(expect.arrayContaining([".auth-secret", "export-signing-key.pem", "storage"]));
    expect(readableByOthers(restored)).toEqual([]);
    expect(await modeOf(target.DATA_DIR)).toBe(DATA_DIR_MODE);

    // The restored users table holds the TOTP secret sealed, and it opens under the restored key: sign-in with TOTP works.
    const [stored] = await queryOn<{ totp_secret: string }>(target.DATABASE_URL, "SELECT totp_secret FROM users");
    expect(stored.totp_secret).toMatch(/^v1:/);
    expect(stored.totp_secret).not.toContain(secret);
    try {
      await withEnv(target, async () => {
        await disconnectDb();
        const first = await passwordStep(admin);
        expect(first.body.mfaRequired).toBe(true);
        const signedIn = await api("POST", "/v1/auth/login/mfa", { body: { mfaToken: first.body.mfaToken, code: codeAt(secret, 1) } });
        expect(signedIn.status, signedIn.text).toBe(200);
      });
    } finally {
      // Back on the live installation (withEnv has put its variables back).
      await disconnectDb();
    }
  }, 400_000);
});
