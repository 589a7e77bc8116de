import { stat, readdir } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { dataSection, openSmtpSession, sendSmtp, type SendOptions } from "@tests/helpers/smtp-client";
import { db } from "../../platform/db/client";
import { blobStore } from "../../archive/storage/blob-store-factory";
import { startJournalListener, type JournalListener } from "./journal-listener";
import { journalSpoolDir } from "./journal-spool";
import { journalTlsCredentials } from "./journal-tls";
import { withEnv } from "@tests/helpers/with-env";

/**
 * The listener is closed by default and bounded (docs/journaling.md, "Who may deliver" and
 * "Bounds"; issue 34 item 8), against the real listener on all interfaces: the host's own
 * non-loopback address makes a test client an outside one.
 */
useEmptyDatabasePerTest();

const JOURNAL = "journal@archive.test";
const SPOOL_BYTES = 4096;
/** This host's non-loopback IPv4 address: a client connecting to it is no loopback client. */
const OUTSIDE = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

let listener: JournalListener;
let admin: TestUser;
const logged: string[] = [];

beforeAll(async () => {
  listener = await startJournalListener({
    host: "0.0.0.0",
    port: 0,
    maxBytes: 1_000_000,
    tls: await journalTlsCredentials(),
    sourcesMaxAgeMs: 0,
    splitWaitMs: 0,
    maxConnections: 3,
    maxConnectionsPerClient: 2,
    spoolBytes: SPOOL_BYTES,
    log: (message) => logged.push(message),
  });
});
afterAll(async () => listener.close());
beforeEach(async () => {
  admin = await setupAdmin();
  logged.length = 0;
});

async function createJournalSource(config: Record<string, unknown>, name = "Journal") {
  const created = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name, provider: "smtp-journal", config } });
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

const send = (options: Omit<SendOptions, "port">) => sendSmtp({ ...options, port: listener.port });
const emails = () => db().archivedEmail.findMany({ orderBy: { archivedAt: "asc" } });

/** A raw connection and the first reply line the listener sends on it. */
async function rawConnection(host = "127.0.0.1"): Promise<{ socket: Socket; greeting: string; nextLine: () => Promise<string> }> {
  const socket = connect({ host, port: listener.port });
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  let buffered = "";
  socket.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("latin1");
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
      const line = buffered.slice(0, end).replace(/\r$/, "");
      buffered = buffered.slice(end + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  socket.on("error", () => undefined);
  const nextLine = () => new Promise<string>((resolve) => (lines.length > 0 ? resolve(lines.shift()!) : waiters.push(resolve)));
  return { socket, greeting: await nextLine(), nextLine };
}

describe.runIf(OUTSIDE)("who may deliver: closed by default", () => {
  it("a source with neither allowedClients nor credentials takes loopback clients only; an outside client is refused at the greeting", async () => {
    await createJournalSource({ recipientAddress: JOURNAL, internalDomains: ["corp.test"] });
    const outside = await send({ host: OUTSIDE, from: "a@corp.test", to: [JOURNAL], raw: buildMessage({ subject: "from outside" }) });
    expect(outside.code).toBe(554);
    expect((await send({ from: "a@corp.test", to: [JOURNAL], raw: buildMessage({ subject: "from loopback" }) })).code).toBe(250);
    expect((await emails()).map((email) => email.subject)).toEqual(["from loopback"]);
  });

  it("a source with credentials takes any client, but only after AUTH; one with an allow-list takes what it lists", async () => {
    await createJournalSource({
      recipientAddress: JOURNAL,
      internalDomains: ["corp.test"],
      username: "mta",
      password: "long-enough-secret",
    });
    const raw = buildMessage({ subject: "authenticated" });
    expect((await send({ host: OUTSIDE, from: "a@corp.test", to: [JOURNAL], raw })).code).toBe(530);
    const authenticated = await send({
      host: OUTSIDE,
      from: "a@corp.test",
      to: [JOURNAL],
      raw,
      auth: { user: "mta", pass: "long-enough-secret" },
    });
    expect(authenticated.code).toBe(250);

    await createJournalSource(
      { recipientAddress: "listed@archive.test", internalDomains: ["corp.test"], allowedClients: [OUTSIDE!] },
      "Listed",
    );
    const listed = await send({
      host: OUTSIDE,
      from: "a@corp.test",
      to: ["listed@archive.test"],
      raw: buildMessage({ subject: "listed" }),
    });
    expect(listed.code).toBe(250);
    expect((await emails()).map((email) => email.subject)).toEqual(["authenticated", "listed"]);
  });

  it("a client that may use no source is refused at RCPT, whatever it addresses, and never reaches DATA", async () => {
    // The outside client may connect (a source with credentials takes any client) but uses nothing unauthenticated.
    await createJournalSource({
      recipientAddress: JOURNAL,
      internalDomains: ["corp.test"],
      username: "mta",
      password: "long-enough-secret",
    });
    await createJournalSource(
      { recipientAddress: "far@archive.test", internalDomains: ["corp.test"], allowedClients: ["10.0.0.0/8"] },
      "Far",
    );
    const session = await openSmtpSession({ port: listener.port, host: OUTSIDE });
    try {
      for (const to of [["alice@corp.test"], ["alice@corp.test", "bob@corp.test"], [JOURNAL], ["far@archive.test"]]) {
        const result = await session.send({ from: "a@corp.test", to, raw: buildMessage() });
        expect(result.rejected, to.join()).toEqual(to);
        expect([530, 554]).toContain(result.code);
      }
    } finally {
      session.close();
    }
    expect(await emails()).toEqual([]);
  });
});

describe("bounds", () => {
  it("caps connections per client address and in all with 421", async () => {
    await createJournalSource({
      recipientAddress: JOURNAL,
      internalDomains: ["corp.test"],
      username: "mta",
      password: "long-enough-secret",
    });
    const open: Socket[] = [];
    try {
      for (const expected of ["220", "220", "421"]) {
        const connection = await rawConnection();
        open.push(connection.socket);
        expect(connection.greeting.slice(0, 3)).toBe(expected);
      }
      if (OUTSIDE) {
        // Another address still gets in, up to the listener's cap of 3 connections.
        const other = await rawConnection(OUTSIDE);
        open.push(other.socket);
        expect(other.greeting.slice(0, 3)).toBe("220");
        const beyond = await rawConnection(OUTSIDE);
        open.push(beyond.socket);
        expect(beyond.greeting).toMatch(/^421 .*Too many connected clients/);
      }
    } finally {
      for (const socket of open) socket.destroy();
    }
    // Closed connections are counted out again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      (await send({ from: "a@corp.test", to: [JOURNAL], raw: buildMessage(), auth: { user: "mta", pass: "long-enough-secret" } })).code,
    ).toBe(250);
  });

  it("spools a message above the threshold to a 0600 file in a 0700 directory while it arrives, and removes it once archived", async () => {
    await createJournalSource({ recipientAddress: JOURNAL, internalDomains: ["corp.test"] });
    const raw = buildMessage({ subject: "big", body: "line of a big message\r\n".repeat(2000) });
    const data = dataSection(raw);
    const { socket, nextLine } = await rawConnection();
    const command = async (line: string) => {
      socket.write(line);
      let reply = await nextLine();
      while (reply[3] === "-") reply = await nextLine();
      return reply;
    };
    try {
      expect(await command("EHLO outside.test\r\n")).toMatch(/^250 /);
      expect(await command("MAIL FROM:<a@corp.test>\r\n")).toMatch(/^250 /);
      expect(await command(`RCPT TO:<${JOURNAL}>\r\n`)).toMatch(/^250 /);
      expect(await command("DATA\r\n")).toMatch(/^354 /);
      socket.write(data.subarray(0, SPOOL_BYTES * 3));
      let files: string[] = [];
      for (let tries = 0; tries < 100 && files.length === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        files = await readdir(journalSpoolDir()).catch(() => []);
      }
      expect(files).toHaveLength(1);
      expect((await stat(journalSpoolDir())).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(journalSpoolDir(), files[0]))).mode & 0o777).toBe(0o600);
      socket.write(data.subarray(SPOOL_BYTES * 3));
      expect(await nextLine()).toMatch(/^250 /);
    } finally {
      socket.destroy();
    }
    expect(await readdir(journalSpoolDir())).toEqual([]);
    const [email] = await emails();
    expect(await blobStore().get(email.storagePath)).toEqual(raw);
  });

  it("throttles failed AUTH per client address, and logs and audits every failure", async () => {
    await withEnv({ JOURNAL_SMTP_AUTH_MAX_FAILURES: "2" }, async () => {
      const source = await createJournalSource({
        recipientAddress: JOURNAL,
        internalDomains: ["corp.test"],
        username: "mta",
        password: "long-enough-secret",
      });
      const raw = buildMessage();
      const attempt = (pass: string) => send({ from: "a@corp.test", to: [JOURNAL], raw, auth: { user: "mta", pass } });
      expect((await attempt("wrong-guess-1")).code).toBe(535);
      expect((await attempt("wrong-guess-2")).code).toBe(535);
      // Throttled: even the right password is not checked now.
      expect((await attempt("long-enough-secret")).code).toBe(454);
      expect(await emails()).toEqual([]);
      const audited = await db().auditLog.findMany({
        where: { targetType: "IngestionSource", actionType: "LOGIN" },
        orderBy: { id: "asc" },
      });
      expect(
        audited.map((entry) => [entry.targetId, entry.actorIdentifier, entry.actorIp, (entry.details as { reason: string }).reason]),
      ).toEqual([
        [source.id, "smtp:mta", "127.0.0.1", "wrong_password"],
        [source.id, "smtp:mta", "127.0.0.1", "wrong_password"],
        [source.id, "smtp:mta", "127.0.0.1", "rate_limited"],
      ]);
      expect(logged.filter((line) => line.startsWith("SMTP AUTH"))).toHaveLength(3);
    });
  });
});

describe("a delivery of bytes already archived", () => {
  const original = () => buildMessage({ subject: "Merged?", from: "sam@corp.test", to: ["alice@corp.test"], messageId: "merge@corp.test" });

  it("from an untrusted client (the loopback default) changes nothing", async () => {
    await createJournalSource({ recipientAddress: JOURNAL, internalDomains: ["corp.test"] });
    const raw = original();
    expect((await send({ from: "sam@corp.test", to: ["alice@corp.test", JOURNAL], raw })).code).toBe(250);
    expect((await send({ from: "mallory@corp.test", to: ["mallory@corp.test", JOURNAL], raw })).code).toBe(250);
    const [email] = await emails();
    expect(email.envelopeRecipients).toEqual(["alice@corp.test"]);
    expect(email.participantEmails).not.toContain("mallory@corp.test");
    expect(await db().auditLog.count({ where: { targetType: "ArchivedEmail" } })).toBe(0);
  });

  it("from a trusted client adds its envelope, audited with that client as the actor", async () => {
    await createJournalSource({ recipientAddress: JOURNAL, internalDomains: ["corp.test"], allowedClients: ["127.0.0.0/8"] });
    const raw = original();
    expect((await send({ from: "sam@corp.test", to: ["alice@corp.test", JOURNAL], raw })).code).toBe(250);
    const merged = await send({ from: "sam@corp.test", to: ["carol@corp.test", JOURNAL], raw });
    expect(merged.response).toMatch(/envelope added to/);
    const [email] = await emails();
    expect(email.envelopeRecipients).toEqual(["alice@corp.test", "carol@corp.test"]);
    const [entry, ...others] = await db().auditLog.findMany({ where: { targetType: "ArchivedEmail", targetId: email.id } });
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ actionType: "UPDATE", actorIdentifier: "smtp-journal", actorIp: "127.0.0.1" });
    expect(entry.details).toMatchObject({ change: "envelope_merged", delivery: { recipients: ["carol@corp.test"] } });
  });
});
