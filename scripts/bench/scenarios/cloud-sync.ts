import { seedMailbox, startDovecot } from "@tests/helpers/dovecot";
import { googleWorkspaceSourceConfig, startGmailEmulator } from "@tests/helpers/gmail-emulator";
import { microsoft365SourceConfig, startGraphEmulator } from "@tests/helpers/graph-emulator";
import { systemActor } from "../../../src/server/audit/append-audit-entry";
import { syncGoogleWorkspaceSource } from "../../../src/server/capture/cloud/sync-google-workspace-source";
import { syncMicrosoft365Source } from "../../../src/server/capture/cloud/sync-microsoft365-source";
import { createSource } from "../../../src/server/capture/create-source";
import { syncImapSource, type ImapSyncResult } from "../../../src/server/capture/imap/sync-imap-source";
import type { CloudSyncResult } from "../../../src/server/capture/cloud/sync-cloud-source";
import { formatRate, formatRatio, type ResultRow } from "../report";

/** Messages per provider, bounded whatever the scale (the emulators hold them in memory): docs/benchmarks.md, "cloud sync". */
export const CLOUD_SYNC_MESSAGES: Record<string, number> = { small: 500, "100k": 2_000, "1m": 2_000 };
const MESSAGE_BYTES = 10 * 1024;
const FOLDERS = ["INBOX", "Archive/2024", "Projects/Überprüfung", "Sent"];

/** A ~10 KB plain-text message, unique by index and provider (so no run finds another's blobs stored already). */
function syncMessage(provider: string, index: number): Buffer {
  const head = [
    `From: Sender ${index % 53} <sender${index % 53}@bench.example>`,
    `To: owner-${provider}@bench.example`,
    `Subject: Cloud sync bench ${index}`,
    `Date: Wed, 25 Nov 2026 09:${String(index % 60).padStart(2, "0")}:00 +0000`,
    `Message-ID: <cloud-sync-${provider}-${index}@bench.example>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "",
  ].join("\r\n");
  const line = `Cloud sync bench message ${index}: minutes, figures and follow-ups for the quarter.\r\n`;
  return Buffer.from(head + line.repeat(Math.ceil((MESSAGE_BYTES - head.length) / line.length)));
}

interface SyncTiming {
  seconds: number;
  perSecond: number;
  imported: number;
}

/** Times one first sync, which must archive every message. */
async function timed(messages: number, sync: () => Promise<CloudSyncResult | ImapSyncResult>): Promise<SyncTiming> {
  const started = performance.now();
  const result = await sync();
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== "synced") throw new Error(`sync ended ${result.status}: ${JSON.stringify(result).slice(0, 500)}`);
  const folders = "folders" in result ? result.folders : result.mailboxes.flatMap((mailbox) => mailbox.folders);
  const imported = folders.reduce((total, folder) => total + folder.imported, 0);
  if (imported !== messages) throw new Error(`expected ${messages} imported, got ${imported}`);
  return { seconds, perSecond: messages / seconds, imported };
}

/**
 * docs/benchmarks.md, "cloud sync": the same `messages` (~10 KB, over four folders) synced in full by
 * a first run of each source: IMAP from Dovecot (the baseline), Microsoft 365 from the Graph emulator,
 * Google Workspace from the Gmail emulator, one after the other in this process (the emulators run
 * in it too; Dovecot in its own). Each run's receipt and progress rows are part of what is timed.
 */
export async function cloudSyncScenario(params: { messages: number }): Promise<{
  messages: number;
  imap: SyncTiming;
  graph: SyncTiming;
  gmail: SyncTiming;
}> {
  const { messages } = params;
  const folderOf = (index: number) => FOLDERS[index % FOLDERS.length];
  const imapUser = { username: "owner-imap@bench.example", password: "bench imap password 1" };
  // The emulators listen on loopback, which provider URLs may name only when allowed (docs/configuration.md).
  process.env.CLOUD_PRIVATE_HOSTS ??= "127.0.0.1";
  const dovecot = await startDovecot({ users: [imapUser] });
  const graph = await startGraphEmulator();
  const google = await startGmailEmulator();
  try {
    await seedMailbox(
      dovecot,
      imapUser,
      FOLDERS.map((folder, position) => ({
        path: folder,
        messages: Array.from({ length: messages }, (_, index) => index)
          .filter((index) => index % FOLDERS.length === position)
          .map((index) => ({ raw: syncMessage("imap", index) })),
      })),
    );
    const user = graph.addUser({ mail: "owner-graph@bench.example" });
    for (let index = 0; index < messages; index++)
      graph.addMessage(user, folderOf(index) === "INBOX" ? "Inbox" : folderOf(index), syncMessage("graph", index));
    google.addUser({ primaryEmail: "admin@bench.example", isAdmin: true });
    google.addUser({ primaryEmail: "owner-gmail@bench.example" });
    for (let index = 0; index < messages; index++)
      google.addMessage("owner-gmail@bench.example", syncMessage("gmail", index), [folderOf(index)]);

    const source = async (name: string, input: Record<string, unknown>) =>
      (await createSource({ actor: systemActor(), input: { name, ...input } as never })).id;
    const imapId = await source("Bench IMAP sync", {
      provider: "imap",
      config: { host: dovecot.host, port: dovecot.port, secure: false, allowInsecure: true, ...imapUser },
    });
    const graphId = await source("Bench Microsoft 365 sync", {
      provider: "microsoft365",
      config: microsoft365SourceConfig(graph),
    });
    const gmailId = await source("Bench Google Workspace sync", {
      provider: "google-workspace",
      config: { ...googleWorkspaceSourceConfig(google, "admin@bench.example"), mailboxes: ["owner-gmail@bench.example"] },
    });

    const imap = await timed(messages, () => syncImapSource({ sourceId: imapId }));
    const graphTiming = await timed(messages, () => syncMicrosoft365Source({ sourceId: graphId }));
    const gmail = await timed(messages, () => syncGoogleWorkspaceSource({ sourceId: gmailId }));
    return { messages, imap, graph: graphTiming, gmail };
  } finally {
    await Promise.all([graph.stop(), google.stop(), dovecot.stop()]);
  }
}

type CloudSyncScenarioResult = Awaited<ReturnType<typeof cloudSyncScenario>>;

/** The bench's rows: each cloud connector against the IMAP sync of the same messages in the same run. */
export async function cloudSyncRows(
  runScenario: <T>(name: string, params: unknown) => Promise<{ result: T; peakRssMb: number }>,
  scaleName: string,
): Promise<ResultRow[]> {
  const messages = CLOUD_SYNC_MESSAGES[scaleName] ?? 2_000;
  const run = await runScenario<CloudSyncScenarioResult>("cloud-sync", { messages });
  const { imap } = run.result;
  const row = (scenario: string, timing: SyncTiming): ResultRow => ({
    scenario,
    work: `${messages.toLocaleString("en-US")} msgs of 10 KB, 4 folders, 1 mailbox`,
    throughput: formatRate(timing.perSecond, "emails"),
    peakRss: `scenario ${run.peakRssMb.toFixed(0)} MB (emulators included)`,
    baseline: `IMAP sync of the same from Dovecot ${formatRate(imap.perSecond, "emails")}`,
    ratio: formatRatio(timing.perSecond / imap.perSecond),
    target: ">= 50% of the IMAP sync",
    pass: timing.perSecond >= imap.perSecond / 2,
  });
  return [
    row("cloud sync: Microsoft 365 (Graph emulator)", run.result.graph),
    row("cloud sync: Google Workspace (Gmail emulator)", run.result.gmail),
  ];
}
