import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port";
import { sendSmtp, type SmtpResult } from "./smtp-client";

const run = promisify(execFile);
const POSTFIX_BIN = process.env.POSTFIX_BIN ?? "/usr/sbin/postfix";
const HOST = "127.0.0.1";

/**
 * A real Postfix for tests (Debian's `postfix` package): its own configuration, queue and data
 * directories under a temp dir, smtpd on a free loopback port, logging to a file there; nothing of
 * the system's Postfix (/etc/postfix, /var/spool/postfix) is read or changed. Postfix's master must
 * start as root (it drops to `mail_owner` = postfix for its daemons), so these tests need root.
 */
export interface PostfixServer {
  port: number;
  /** Submits a message over SMTP (the envelope is `from`/`to`, whatever the headers say). */
  submit(options: { from: string; to: string[]; raw: Buffer }): Promise<SmtpResult>;
  /** `postqueue -f`: attempt every queued message now. */
  flush(): Promise<void>;
  /** Messages still in the queue (incoming, active, deferred). */
  queued(): Promise<number>;
  /** `postsuper -d ALL`: drops every queued message, so one failed test leaves nothing for the next. */
  clear(): Promise<void>;
  log(): Promise<string>;
  stop(): Promise<void>;
}

export interface PostfixOptions {
  /** The journal listener every message is relayed to, with its whole envelope. */
  relayPort: number;
  /** Added to every message's envelope (Postfix's always_bcc). */
  alwaysBcc: string;
  /** Most recipients per transaction to the listener (smtp_destination_recipient_limit): more are split over several. */
  recipientLimit?: number;
}

export function postfixAvailable(): boolean {
  return existsSync(POSTFIX_BIN) && process.getuid?.() === 0;
}

function mainCf(dir: string, options: PostfixOptions): string {
  return `compatibility_level = 3.6
queue_directory = ${dir}/queue
data_directory = ${dir}/data
mail_owner = postfix
setgid_group = postdrop
maillog_file = ${dir}/maillog
maillog_file_prefixes = ${dir}
inet_interfaces = ${HOST}
inet_protocols = ipv4
myhostname = mta.corp.test
mydomain = corp.test
mydestination =
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject
alias_maps =
alias_database =
biff = no
relayhost = [${HOST}]:${options.relayPort}
always_bcc = ${options.alwaysBcc}
smtp_tls_security_level = may
minimal_backoff_time = 1s
maximal_backoff_time = 2s
queue_run_delay = 1s
${options.recipientLimit === undefined ? "" : `smtp_destination_recipient_limit = ${options.recipientLimit}\n`}`;
}

/** The system's master.cf with smtpd moved to the test's loopback port. */
async function masterCf(port: number): Promise<string> {
  const system = await readFile("/etc/postfix/master.cf", "utf8");
  if (!/^smtp\s+inet\s/m.test(system)) throw new Error("/etc/postfix/master.cf has no smtp inet service line");
  return system.replace(/^smtp(\s+inet\s)/m, `${HOST}:${port}$1`);
}

async function fileNames(dir: string): Promise<string[]> {
  // A directory Postfix has not created yet holds no message.
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map(async (entry) => (entry.isDirectory() ? fileNames(path.join(dir, entry.name)) : [entry.name])),
  );
  return nested.flat();
}

/**
 * The queue IDs in the queue directories. qmgr moves a file between directories while they are read
 * (a deferred message goes back to active every backoff), so one scan may see a message twice or not
 * at all: names are deduplicated, and scans repeat until two in a row agree.
 */
async function queueIds(queueDir: string): Promise<Set<string>> {
  const scan = async () =>
    new Set((await Promise.all(["maildrop", "incoming", "active", "deferred"].map((name) => fileNames(path.join(queueDir, name))))).flat());
  let previous = await scan();
  for (let attempt = 0; attempt < 50; attempt++) {
    const current = await scan();
    if (current.size === previous.size && [...current].every((id) => previous.has(id))) return current;
    previous = current;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the Postfix queue did not hold still for two scans in a row");
}

/** Whether an SMTP server on `port` sends its 220 greeting. */
function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, HOST);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("data", (chunk) => done(chunk.toString("latin1").startsWith("220")));
  });
}

export async function startPostfix(options: PostfixOptions): Promise<PostfixServer> {
  if (!postfixAvailable()) throw new Error(`Postfix tests need ${POSTFIX_BIN} (apt-get install postfix) and root`);
  const dir = await mkdtemp(path.join(tmpdir(), "archive-postfix-"));
  await chmod(dir, 0o755);
  const conf = path.join(dir, "conf");
  await Promise.all(["conf", "queue", "data"].map((name) => mkdir(path.join(dir, name))));
  await chown(path.join(dir, "data"), Number((await run("id", ["-u", "postfix"])).stdout.trim()), 0);
  const port = await freePort(HOST);
  await writeFile(path.join(conf, "main.cf"), mainCf(dir, options));
  await writeFile(path.join(conf, "master.cf"), await masterCf(port));
  const postfix = (...args: string[]) => run(POSTFIX_BIN, ["-c", conf, ...args]);
  await postfix("start");
  const log = () => readFile(path.join(dir, "maillog"), "utf8").catch(() => "");
  const server: PostfixServer = {
    port,
    submit: (message) => sendSmtp({ port, ...message, tls: false }),
    flush: async () => void (await run("/usr/sbin/postqueue", ["-c", conf, "-f"])),
    queued: async () => (await queueIds(path.join(dir, "queue"))).size,
    clear: async () => void (await run("/usr/sbin/postsuper", ["-c", conf, "-d", "ALL"])),
    log,
    stop: async () => {
      await postfix("stop").catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await greets(port)) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const text = await log();
  await server.stop();
  throw new Error(`Postfix did not start listening on ${HOST}:${port}\n${text}`);
}
