import { spawn } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dovecotSourceConfig, seedMailbox, startDovecot, testMailbox, TEST_SPECIAL_USE, type DovecotServer } from "@tests/helpers/dovecot";
import { systemActor } from "../../audit/append-audit-entry";
import { db } from "../../platform/db/client";
import { createSource } from "../create-source";
import { syncImapSource } from "./sync-imap-source";

const user = { username: "resume@example.com", password: "Resume-Password-1" };
let server: DovecotServer;

beforeAll(async () => {
  server = await startDovecot({ users: [user], specialUse: TEST_SPECIAL_USE });
});
afterAll(async () => {
  await server?.stop();
});

const BATCH = 10;
const archivedCount = () => db().archivedEmail.count();

it("resumes a sync killed half way (SIGKILL of its process) without duplicates or refetching", async () => {
  const mailbox = testMailbox({ inbox: 150, sent: 40, archive: 60 });
  await seedMailbox(server, user, mailbox.folders);
  const source = await createSource({
    actor: systemActor(),
    input: {
      name: "Resumable",
      provider: "imap",
      config: dovecotSourceConfig(server, user) as never,
    },
  });

  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/run-imap-sync.ts", source.id, String(BATCH)], {
    env: process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  while ((await archivedCount()) < 2 * BATCH) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the sync ended before it could be killed: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill("SIGKILL");
  await exited;

  const before = await archivedCount();
  expect(before).toBeLessThan(250);
  expect((await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } })).status).toBe("syncing");
  const states = await db().imapFolderState.findMany({ where: { sourceId: source.id } });
  const remembered = states.reduce((sum, state) => sum + Number(state.lastUid), 0);
  // The folder state never runs ahead of what is archived; at most the batch in flight is behind.
  expect(remembered).toBeLessThanOrEqual(before);
  expect(before - remembered).toBeLessThanOrEqual(BATCH);

  const resumed = await syncImapSource({ sourceId: source.id, limits: { messages: BATCH } });
  if (resumed.status !== "synced") throw new Error(JSON.stringify(resumed));
  const imported = resumed.folders.reduce((sum, folder) => sum + folder.imported, 0);
  const duplicates = resumed.folders.reduce((sum, folder) => sum + folder.duplicates, 0);
  expect(imported).toBe(250 - before);
  expect(duplicates).toBe(before - remembered);
  expect(await archivedCount()).toBe(250);
  const byPath = await db().archivedEmail.groupBy({ by: ["path"], _count: { _all: true } });
  expect(Object.fromEntries(byPath.map((row) => [row.path, row._count._all]))).toEqual(mailbox.archivedCounts);
  expect((await db().ingestionSource.findUniqueOrThrow({ where: { id: source.id } })).status).toBe("idle");
});
