import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { freePort } from "@tests/helpers/free-port";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { sendSmtp, type SmtpResult } from "@tests/helpers/smtp-client";
import { db } from "../../platform/db/client";
import { startJournalListener, type JournalListener } from "./journal-listener";
import { journalTlsCredentials } from "./journal-tls";

useEmptyDatabasePerTest();

const JOURNAL = "journal@archive.test";
let listeners: JournalListener[] = [];
let admin: TestUser;

beforeAll(async () => {
  const tls = await journalTlsCredentials();
  // Two listeners, as two processes against one database: each groups its own transactions.
  listeners = await Promise.all(
    [0, 1].map(() =>
      startJournalListener({ host: "127.0.0.1", port: 0, maxBytes: 1_000_000, tls, sourcesMaxAgeMs: 0, groupCommit: { windowMs: 20 } }),
    ),
  );
});
afterAll(async () => Promise.all(listeners.map((listener) => listener.close())));
beforeEach(async () => {
  admin = await setupAdmin();
  const created = await api("POST", "/v1/ingestion-sources", {
    token: admin.token,
    body: {
      name: "Journal",
      provider: "smtp-journal",
      config: { recipientAddress: JOURNAL, internalDomains: ["corp.test"], allowedClients: ["127.0.0.0/8"] },
    },
  });
  expect(created.status).toBe(201);
});

const send = (listener: JournalListener, to: string[], raw: Buffer) =>
  sendSmtp({ port: listener.port, from: "sam@corp.test", to: [...to, JOURNAL], raw, tls: false });
const emails = () => db().archivedEmail.findMany({ orderBy: { subject: "asc" } });

describe("group commit", () => {
  it("stores concurrent transactions together and answers each 250 only once its rows are committed", async () => {
    const messages = Array.from({ length: 12 }, (_, index) => buildMessage({ subject: `grouped ${String(index).padStart(2, "0")}` }));
    const results = await Promise.all(messages.map((raw) => send(listeners[0], ["alice@corp.test"], raw)));
    expect(results.map((result) => result.code)).toEqual(messages.map(() => 250));
    const archived = await emails();
    expect(archived).toHaveLength(12);
    // One ingestion batch stamps its rows with one archived_at: fewer stamps than messages means shared commits.
    expect(new Set(archived.map((email) => email.archivedAt.getTime())).size).toBeLessThan(12);
  });

  it("answers 451 to every transaction of a group the database refuses, and archives their retries", async () => {
    await db().$executeRawUnsafe(`ALTER TABLE archived_emails ADD CONSTRAINT injected_fault CHECK (false) NOT VALID`);
    const messages = Array.from({ length: 4 }, (_, index) => buildMessage({ subject: `refused ${index}` }));
    let refused: SmtpResult[];
    try {
      refused = await Promise.all(messages.map((raw) => send(listeners[0], ["alice@corp.test"], raw)));
    } finally {
      await db().$executeRawUnsafe(`ALTER TABLE archived_emails DROP CONSTRAINT injected_fault`);
    }
    expect(refused.map((result) => result.code)).toEqual([451, 451, 451, 451]);
    expect(await emails()).toHaveLength(0);
    const retried = await Promise.all(messages.map((raw) => send(listeners[0], ["alice@corp.test"], raw)));
    expect(retried.map((result) => result.code)).toEqual([250, 250, 250, 250]);
    expect(await emails()).toHaveLength(4);
  });
});

describe("split delivery", () => {
  it("merges the envelopes of one message's transactions into the one email, Bcc recipients included", async () => {
    const raw = buildMessage({ from: "Sam <sam@corp.test>", to: ["Alice <alice@corp.test>"], subject: "Split" });
    expect((await send(listeners[0], ["alice@corp.test", "bob@partner.example"], raw)).code).toBe(250);
    const second = await send(listeners[0], ["carol@corp.test", "dave@corp.test"], raw);
    expect(second.code).toBe(250);
    const [email, ...others] = await emails();
    expect(others).toEqual([]);
    expect(second.response).toContain(`envelope added to ${email.id}`);
    expect(email.envelopeRecipients).toEqual(["alice@corp.test", "bob@partner.example", "carol@corp.test", "dave@corp.test"]);
    expect(email.recipientEmails).toEqual(["alice@corp.test", "bob@partner.example", "carol@corp.test", "dave@corp.test"]);
    expect([...email.bccEmails].sort()).toEqual(["bob@partner.example", "carol@corp.test", "dave@corp.test"]);
    expect([...email.participantEmails].sort()).toEqual(["alice@corp.test", "carol@corp.test", "dave@corp.test", "sam@corp.test"]);
    const detail = await api("GET", `/v1/archived-emails/${email.id}`, { token: admin.token });
    expect(detail.body.envelope.bcc).toEqual(["bob@partner.example", "carol@corp.test", "dave@corp.test"]);
    // The second transaction's recipients are searchable (the email was indexed again).
    const found = await api("GET", "/v1/search?query=dave", { token: admin.token });
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([email.id]);
    // A retry of a transaction already merged changes nothing.
    expect((await send(listeners[0], ["carol@corp.test"], raw)).code).toBe(250);
    expect((await emails())[0].envelopeRecipients).toHaveLength(4);
  });

  it("answers 451 to a part without the journal address until its journaled part is archived, 550 after the wait", async () => {
    const raw = buildMessage({ subject: "Part first" });
    const early = await sendSmtp({ port: listeners[0].port, from: "sam@corp.test", to: ["bob@corp.test"], raw, tls: false });
    expect(early.code).toBe(451);
    expect(early.response).toMatch(/waiting for the part of this message that carries one/);
    expect((await send(listeners[1], ["alice@corp.test"], raw)).code).toBe(250);
    expect((await sendSmtp({ port: listeners[0].port, from: "sam@corp.test", to: ["bob@corp.test"], raw, tls: false })).code).toBe(250);
    expect((await emails())[0].envelopeRecipients).toEqual(["alice@corp.test", "bob@corp.test"]);

    const impatient = await startJournalListener({
      host: "127.0.0.1",
      sourcesMaxAgeMs: 0,
      port: 0,
      maxBytes: 1_000_000,
      tls: await journalTlsCredentials(),
      splitWaitMs: 500,
    });
    try {
      const stray = buildMessage({ subject: "Never journaled" });
      expect((await sendSmtp({ port: impatient.port, from: "sam@corp.test", to: ["bob@corp.test"], raw: stray, tls: false })).code).toBe(
        451,
      );
      await new Promise((resolve) => setTimeout(resolve, 600));
      const refused = await sendSmtp({ port: impatient.port, from: "sam@corp.test", to: ["bob@corp.test"], raw: stray, tls: false });
      expect(refused.code).toBe(550);
      expect(refused.response).toMatch(/No journal source accepts/);
    } finally {
      await impatient.close();
    }
    expect(await emails()).toHaveLength(1);
  });

  it("loses no recipient when the transactions arrive at once over two listeners", async () => {
    const rounds = Array.from({ length: 6 }, (_, index) => buildMessage({ subject: `concurrent split ${index}` }));
    const parts = [["r1@corp.test"], ["r2@corp.test", "r3@corp.test"], ["r4@corp.test"], ["r5@corp.test"]];
    const results = await Promise.all(rounds.flatMap((raw) => parts.map((to, index) => send(listeners[index % 2], to, raw))));
    expect(results.map((result) => `${result.code} ${result.response}`)).toEqual(results.map(() => expect.stringMatching(/^250 /)));
    const archived = await emails();
    expect(archived).toHaveLength(rounds.length);
    for (const email of archived)
      expect([...email.envelopeRecipients].sort(), email.subject).toEqual([
        "r1@corp.test",
        "r2@corp.test",
        "r3@corp.test",
        "r4@corp.test",
        "r5@corp.test",
      ]);
  });
});

describe("a listener killed mid-stream", () => {
  let child: ChildProcess | null = null;
  afterEach(() => void child?.kill("SIGKILL"));

  /** `npm run journal`'s script on `port`, resolved once it listens. */
  async function startListenerProcess(port: number): Promise<ChildProcess> {
    const started = spawn(process.execPath, ["--import", "tsx", "scripts/journal.ts"], {
      env: { ...process.env, JOURNAL_SMTP_HOST: "127.0.0.1", JOURNAL_SMTP_PORT: String(port) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let output = "";
    await new Promise<void>((resolve, reject) => {
      started.stderr!.on("data", (chunk) => {
        output += chunk;
        if (output.includes("SMTP journaling listener on")) resolve();
      });
      started.once("exit", (code) => reject(new Error(`the listener exited (${code}) before listening:\n${output}`)));
    });
    return started;
  }

  it("has archived every message it acknowledged exactly once, and the retries of the rest complete the archive", async () => {
    const port = await freePort();
    const messages = Array.from({ length: 120 }, (_, index) => ({
      id: `crash-${index}@corp.test`,
      raw: buildMessage({ subject: `crash ${index}`, messageId: `crash-${index}@corp.test` }),
    }));
    child = await startListenerProcess(port);
    const acknowledged: string[] = [];
    let killed = false;
    let next = 0;
    const sender = async () => {
      for (let index = next++; index < messages.length; index = next++) {
        const result = await sendSmtp({
          port,
          from: "sam@corp.test",
          to: ["alice@corp.test", JOURNAL],
          raw: messages[index].raw,
          tls: false,
        });
        if (result.code === 250) acknowledged.push(messages[index].id);
        // SIGKILL in the middle of the stream, with transactions in flight.
        if (acknowledged.length >= 40 && !killed) killed = child!.kill("SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: 10 }, sender));
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged.length).toBeLessThan(messages.length);
    const countsById = async () => {
      const rows = await db().$queryRaw<
        { id: string; count: bigint }[]
      >`SELECT message_id_header AS id, count(*) AS count FROM archived_emails GROUP BY 1`;
      return new Map(rows.map((row) => [row.id, Number(row.count)]));
    };
    const afterCrash = await countsById();
    expect(acknowledged.filter((id) => afterCrash.get(id) !== 1)).toEqual([]);

    // The MTA retries what it holds: every message (a lost 250 makes it retry acknowledged ones too).
    child = await startListenerProcess(port);
    next = 0;
    const retrier = async () => {
      for (let index = next++; index < messages.length; index = next++) {
        expect(
          (await sendSmtp({ port, from: "sam@corp.test", to: ["alice@corp.test", JOURNAL], raw: messages[index].raw, tls: false })).code,
        ).toBe(250);
      }
    };
    await Promise.all(Array.from({ length: 10 }, retrier));
    const final = await countsById();
    expect(final.size).toBe(messages.length);
    expect([...final.values()].every((count) => count === 1)).toBe(true);
  }, 300_000);
});
