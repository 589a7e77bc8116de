import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { freePort } from "./free-port";
import type { TestS3Server } from "./s3-server";

/**
 * A real S3 engine for tests: Ceph's RADOS Gateway (Debian's `radosgw`, `ceph-mon`, `ceph-osd`) on a
 * throwaway one-node cluster under a temp dir: one monitor, one BlueStore OSD on a sparse file, and
 * RGW's `beast` front end on a free loopback port; cephx is off (`auth … = none`, which RGW reaches
 * the monitor with only in `ms mon client mode = crc`). No manager daemon: nothing here needs one
 * (pools are created by the monitor, and the PG autoscaler it would run is off). Two buckets: one
 * created with S3 Object Lock (versioned) and a plain one, both owned by one S3 user whose keys are
 * the service's credentials in the tests. Start-up takes ~9 s; stop() kills the daemons and removes
 * everything.
 */
export interface CephRgw {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A bucket created with Object Lock enabled (so versioned). */
  lockedBucket: TestS3Server;
  /** A bucket without Object Lock. */
  plainBucket: TestS3Server;
  /** A client with the service's credentials. */
  client(): S3Client;
  stop(): Promise<void>;
}

const run = promisify(execFile);
const HOST = "127.0.0.1";
const FSID = "6c1b7c66-5d0b-4c1e-9d1b-3f6c1a0b2e11";
const BINARIES = [
  "/usr/bin/ceph-mon",
  "/usr/bin/ceph-osd",
  "/usr/bin/radosgw",
  "/usr/bin/radosgw-admin",
  "/usr/bin/monmaptool",
  "/usr/bin/ceph",
];

function cephConfig(dir: string, monPort: number, rgwPort: number): string {
  return `[global]
fsid = ${FSID}
mon host = v2:${HOST}:${monPort}
public addr = ${HOST}
ms bind ipv6 = false
auth cluster required = none
auth service required = none
auth client required = none
ms mon client mode = crc
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
keyring = ${dir}/keyring
mon data = ${dir}/mon
osd data = ${dir}/osd
osd objectstore = bluestore
bluestore block create = true
bluestore block size = 1073741824
bluestore fsck on mount = false
bluestore fsck on mkfs = false
bluestore cache autotune = false
bluestore cache size = 67108864
osd memory target = 536870912
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 1
osd pool default pgp num = 1
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon data avail warn = 1
mon data avail crit = 0
mon max pg per osd = 1000
paxos propose interval = 0.01
paxos min wait = 0.001
[client.rgw]
rgw frontends = beast endpoint=${HOST}:${rgwPort}
rgw data = ${dir}/rgw
rgw dns name = ${HOST}
`;
}

async function logOf(dir: string, name: string): Promise<string> {
  return readFile(path.join(dir, "log", `${name}.log`), "utf8")
    .then((log) => log.split("\n").slice(-40).join("\n"))
    .catch(() => "(no log)");
}

async function waitUntil(what: string, ready: () => Promise<boolean>, daemons: ChildProcess[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = daemons.find((daemon) => daemon.exitCode !== null || daemon.signalCode !== null);
    if (dead) throw new Error(`${what}: ${dead.spawnfile} exited (${dead.exitCode ?? dead.signalCode})`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not ready within ${timeoutMs} ms`);
}

export async function startCephRgw(): Promise<CephRgw> {
  const missing = BINARIES.filter((binary) => !existsSync(binary));
  if (missing.length > 0)
    throw new Error(`Ceph is not installed (${missing.join(", ")} missing): apt-get install radosgw ceph-mon ceph-osd ceph-common`);
  // A port taken between probing and binding makes a daemon exit at once: start afresh on others.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startCluster();
    } catch (error) {
      if (attempt >= 3 || !/ exited \(/.test(String(error))) throw error;
    }
  }
}

async function startCluster(): Promise<CephRgw> {
  const dir = await mkdtemp(path.join(tmpdir(), "archive-ceph-"));
  await Promise.all(["run", "log", "mon", "osd", "rgw"].map((name) => mkdir(path.join(dir, name))));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const conf = path.join(dir, "ceph.conf");
  await writeFile(conf, cephConfig(dir, monPort, rgwPort));
  const ceph = (command: string, ...args: string[]) => run(command, ["-c", conf, ...args], { timeout: 60_000 });
  const daemons: ChildProcess[] = [];
  const daemon = (command: string, ...args: string[]) => {
    const child = spawn(command, ["-f", "-c", conf, ...args], { stdio: "ignore" });
    daemons.push(child);
    return child;
  };
  const killAll = () => daemons.forEach((child) => child.kill("SIGKILL"));
  process.once("exit", killAll);
  const stop = async () => {
    process.removeListener("exit", killAll);
    await Promise.all(
      daemons.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGKILL");
          }),
      ),
    );
    await rm(dir, { recursive: true, force: true });
  };

  try {
    const monmap = path.join(dir, "monmap");
    await run("monmaptool", ["--create", "--clobber", "--fsid", FSID, "--addv", "a", `[v2:${HOST}:${monPort}]`, monmap]);
    await ceph("ceph-mon", "--mkfs", "-i", "a", "--monmap", monmap);
    daemon("ceph-mon", "-i", "a");
    const osdUuid = randomUUID();
    await Promise.all([
      ceph("ceph", "--connect-timeout", "30", "osd", "new", osdUuid, "0"),
      ceph("ceph-osd", "-i", "0", "--mkfs", "--osd-uuid", osdUuid),
    ]);
    daemon("ceph-osd", "-i", "0");
    daemon("radosgw", "-n", "client.rgw");
    const endpoint = `http://${HOST}:${rgwPort}`;
    await waitUntil("RGW", async () => (await fetch(endpoint)).ok, daemons, 90_000);
    const accessKeyId = "ARCHIVE-TEST";
    const secretAccessKey = randomUUID();
    await ceph(
      "radosgw-admin",
      "-n",
      "client.rgw",
      "user",
      "create",
      "--uid=archive",
      "--display-name=archive",
      `--access-key=${accessKeyId}`,
      `--secret-key=${secretAccessKey}`,
    );
    const client = () =>
      new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
    const s3 = client();
    await s3.send(new CreateBucketCommand({ Bucket: "archive-locked", ObjectLockEnabledForBucket: true }));
    await s3.send(new CreateBucketCommand({ Bucket: "archive-plain" }));
    s3.destroy();
    const bucket = (name: string): TestS3Server => ({ endpoint, bucket: name, accessKeyId, secretAccessKey, stop: async () => undefined });
    return {
      endpoint,
      accessKeyId,
      secretAccessKey,
      lockedBucket: bucket("archive-locked"),
      plainBucket: bucket("archive-plain"),
      client,
      stop,
    };
  } catch (error) {
    const logs = await Promise.all(["mon.a", "osd.0", "client.rgw"].map(async (name) => `--- ${name}\n${await logOf(dir, name)}`));
    await stop();
    throw new Error(`Ceph RGW did not start: ${error instanceof Error ? error.message : String(error)}\n${logs.join("\n")}`);
  }
}
