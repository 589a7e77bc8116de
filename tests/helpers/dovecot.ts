import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./free-port";

/**
 * A real Dovecot IMAP server for tests: its own config, base_dir, state and maildirs under a temp
 * dir, plaintext login on a free loopback port, users from a static passwd-file. It never runs as
 * root: under root the server is started as `nobody` (the files are chowned to it), otherwise as
 * the current user, so the same unprivileged configuration serves both.
 */
export interface DovecotUser {
  username: string;
  password: string;
}

export interface DovecotServer {
  host: string;
  port: number;
  /** Connects and logs in as `user` (call `logout()` when done). */
  connect(user: DovecotUser): Promise<ImapFlow>;
  stop(): Promise<void>;
}

/**
 * An IMAP source's config for a user of this server. The test Dovecot speaks plain text (ssl = no),
 * so the source must opt in to plain-text IMAP (`allowInsecure`).
 */
export const dovecotSourceConfig = (server: Pick<DovecotServer, "host" | "port">, user: DovecotUser) => ({
  host: server.host,
  port: server.port,
  secure: false,
  allowInsecure: true,
  username: user.username,
  password: user.password,
});

export interface SeedFolder {
  path: string;
  messages: { raw: Buffer; flags?: string[] }[];
}

const DOVECOT_BIN = process.env.DOVECOT_BIN ?? "/usr/sbin/dovecot";
const HOST = "127.0.0.1";

interface RunAs {
  user: string;
  group: string;
  uid: number;
  gid: number;
}

function runAs(): RunAs {
  const user = process.getuid?.() === 0 ? "nobody" : userInfo().username;
  const id = (flag: string) => execFileSync("id", [flag, user], { encoding: "utf8" }).trim();
  return { user, group: id("-gn"), uid: Number(id("-u")), gid: Number(id("-g")) };
}

/**
 * `specialUse` maps folder names to their RFC 6154 flag (e.g. `{ Sent: "\\Sent" }`); Dovecot
 * announces them in LIST for every user.
 */
function dovecotConfig(options: { dir: string; port: number; account: RunAs; specialUse: Record<string, string> }): string {
  const { dir, port, account } = options;
  const mailboxes = Object.entries(options.specialUse)
    .map(([name, flag]) => `  mailbox "${name}" {\n    special_use = ${flag}\n  }`)
    .join("\n");
  // Every service that chroots by default must not: chroot needs root.
  const unchrooted = ["pop3-login", "submission-login", "imap-urlauth-login", "anvil", "director"]
    .map((service) => `service ${service} {\n  chroot =\n}`)
    .join("\n");
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = ${HOST}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${account.user}
default_internal_group = ${account.group}
default_login_user = ${account.user}
first_valid_uid = ${Math.min(account.uid, 500)}
first_valid_gid = ${Math.min(account.gid, 500)}
mail_location = maildir:~/Maildir:LAYOUT=fs
namespace inbox {
  inbox = yes
  separator = /
${mailboxes}
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
service imap-login {
  chroot =
  inet_listener imap {
    address = ${HOST}
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
${unchrooted}
`;
}

async function chownTree(target: string, uid: number, gid: number): Promise<void> {
  await chown(target, uid, gid);
  for (const entry of await readdir(target, { withFileTypes: true })) {
    const child = path.join(target, entry.name);
    if (entry.isDirectory()) await chownTree(child, uid, gid);
    else await chown(child, uid, gid);
  }
}

async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function imapClient(port: number, user: DovecotUser): ImapFlow {
  const client = new ImapFlow({ host: HOST, port, secure: false, auth: { user: user.username, pass: user.password }, logger: false });
  client.on("error", () => undefined);
  return client;
}

/** Polls until a login succeeds (the auth process starts after the listener). */
async function waitUntilReady(port: number, user: DovecotUser, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const client = imapClient(port, user);
    try {
      await client.connect();
      await client.logout();
      return;
    } catch (error) {
      lastError = error;
      client.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const log = await readFile(logFile, "utf8").catch(() => "(no log)");
  throw new Error(`Dovecot did not become ready on ${HOST}:${port}: ${String(lastError)}\n${log}`);
}

export async function startDovecot(options: { users: DovecotUser[]; specialUse?: Record<string, string> }): Promise<DovecotServer> {
  if (!existsSync(DOVECOT_BIN))
    throw new Error(`Dovecot is not installed at ${DOVECOT_BIN} (apt-get install dovecot-imapd, or set DOVECOT_BIN)`);
  if (options.users.length === 0) throw new Error("startDovecot needs at least one user");
  const account = runAs();
  const dir = await mkdtemp(path.join(tmpdir(), "archive-dovecot-"));
  await Promise.all(["run", "state", "home"].map((name) => mkdir(path.join(dir, name))));
  const passwd = options.users
    .map((user, index) => `${user.username}:{PLAIN}${user.password}:${account.uid}:${account.gid}::${dir}/home/user${index}::`)
    .join("\n");
  await writeFile(path.join(dir, "passwd"), `${passwd}\n`, { mode: 0o600 });

  // A port taken between probing and binding makes Dovecot exit at once: try another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    await writeFile(path.join(dir, "dovecot.conf"), dovecotConfig({ dir, port, account, specialUse: options.specialUse ?? {} }));
    if (account.uid !== process.getuid?.()) await chownTree(dir, account.uid, account.gid);
    const child = spawn(DOVECOT_BIN, ["-F", "-c", path.join(dir, "dovecot.conf")], {
      uid: account.uid,
      gid: account.gid,
      stdio: ["ignore", "ignore", "pipe"],
    });
    const killOnExit = () => child.kill("SIGKILL");
    process.once("exit", killOnExit);
    try {
      await waitUntilReady(port, options.users[0], child, path.join(dir, "dovecot.log"));
    } catch (error) {
      child.kill("SIGKILL");
      await waitForExit(child, 5_000);
      process.removeListener("exit", killOnExit);
      if (attempt < 3) continue;
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return {
      host: HOST,
      port,
      connect: async (user) => {
        const client = imapClient(port, user);
        await client.connect();
        return client;
      },
      stop: async () => {
        child.kill("SIGTERM");
        if (!(await waitForExit(child, 10_000))) {
          child.kill("SIGKILL");
          await waitForExit(child, 5_000);
        }
        process.removeListener("exit", killOnExit);
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
}

/** Creates the folders (if missing) and APPENDs their messages with their flags and keywords. */
export async function seedMailbox(server: DovecotServer, user: DovecotUser, folders: SeedFolder[]): Promise<void> {
  const client = await server.connect(user);
  try {
    for (const folder of folders) {
      if (folder.path.toUpperCase() !== "INBOX") await client.mailboxCreate(folder.path);
      for (const message of folder.messages) await client.append(folder.path, message.raw, message.flags ?? []);
    }
  } finally {
    await client.logout();
  }
}

/**
 * Special-use flags the test server announces: Sent and Trash by flag; "Quarantine" is a Junk
 * folder only by its flag, while "Junk" (no flag) is recognized by its name alone.
 */
export const TEST_SPECIAL_USE = { Sent: "\\Sent", Trash: "\\Trash", Quarantine: "\\Junk" };

export interface TestMailbox {
  folders: SeedFolder[];
  /** Per archived folder: how many messages it holds. */
  archivedCounts: Record<string, number>;
  /** The folders a default sync must skip. */
  skipped: string[];
}

/**
 * A mailbox with a few hundred messages over several folders; every 10th message of a folder
 * carries the keywords "Work" and "$Important" (plus \Seen, which is no tag).
 */
export function testMailbox(sizes: { inbox?: number; sent?: number; archive?: number } = {}): TestMailbox {
  const counts: Record<string, number> = { INBOX: sizes.inbox ?? 120, Sent: sizes.sent ?? 60, "Archive/2023": sizes.archive ?? 90 };
  const skipped = { Junk: 7, Trash: 5, Quarantine: 3 };
  const folders = Object.entries({ ...counts, ...skipped }).map(([folder, count]) => ({
    path: folder,
    messages: Array.from({ length: count }, (_, index) => ({
      raw: testMessage(folder, index),
      flags: index % 10 === 0 ? ["\\Seen", "Work", "$Important"] : ["\\Seen"],
    })),
  }));
  return { folders, archivedCounts: counts, skipped: Object.keys(skipped) };
}

export function testMessage(folder: string, index: number, variant = ""): Buffer {
  const slug = folder.replace(/[^A-Za-z0-9]/g, "-").toLowerCase();
  return Buffer.from(
    [
      `From: Sender ${index} <sender${index}@example.com>`,
      "To: Archive Owner <owner@example.com>",
      `Subject: ${folder} message ${index}${variant}`,
      `Date: Mon, 15 Jan 2024 12:${String(index % 60).padStart(2, "0")}:00 +0000`,
      `Message-ID: <${slug}-${index}${variant}@test.example.com>`,
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "",
      `Body of ${folder} message ${index}.`,
      "",
    ].join("\r\n"),
  );
}
