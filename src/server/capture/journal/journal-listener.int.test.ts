import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setupAdmin, type TestUser } from "@tests/helpers/auth";
import { buildJournalReport } from "@tests/helpers/journal-report";
import { buildMessage } from "@tests/helpers/mail";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { api } from "@tests/helpers/rest-client";
import { openSmtpSession, sendSmtp, type SendOptions } from "@tests/helpers/smtp-client";
import { db } from "../../platform/db/client";
import { blobStore } from "../../archive/storage/blob-store-factory";
import { startJournalListener, type JournalListener } from "./journal-listener";
import { journalTlsCredentials } from "./journal-tls";

useEmptyDatabasePerTest();

const JOURNAL = "journal@archive.test";
const MAX_BYTES = 200_000;
let listener: JournalListener;
let admin: TestUser;

beforeAll(async () => {
  // No wait for split parts: a transaction no journal address routes is refused at once (550).
  listener = await startJournalListener({
    host: "127.0.0.1",
    sourcesMaxAgeMs: 0,
    port: 0,
    maxBytes: MAX_BYTES,
    tls: await journalTlsCredentials(),
    splitWaitMs: 0,
  });
});
afterAll(async () => listener.close());
beforeEach(async () => {
  admin = await setupAdmin();
});

async function createJournalSource(config: Record<string, unknown>, name = "Journal") {
  const created = await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name, provider: "smtp-journal", config } });
  expect(created.status).toBe(201);
  return created.body as { id: string; config: Record<string, unknown> };
}

const send = (options: Omit<SendOptions, "port">) => sendSmtp({ ...options, port: listener.port });
const emails = () => db().archivedEmail.findMany({ orderBy: { archivedAt: "asc" } });

describe("smtp-journal sources", () => {
  it("keep the password encrypted, never return it, and validate their config", async () => {
    const source = await createJournalSource({
      recipientAddress: "Journal@Archive.test",
      internalDomains: ["Corp.test"],
      allowedClients: ["127.0.0.1/32", "::1"],
      username: "mta",
      password: "s3cret-journal",
    });
    expect(source.config).toEqual({
      recipientAddress: JOURNAL,
      internalDomains: ["corp.test"],
      allowedClients: ["127.0.0.1/32", "::1"],
      requireTls: false,
      exchangeReports: false,
      username: "mta",
      passwordSet: true,
    });
    const [row] = await db().$queryRaw<{ config: string }[]>`SELECT config::text AS config FROM ingestion_sources`;
    expect(row.config).not.toContain("s3cret-journal");
    const audit = await db().$queryRaw<{ details: string }[]>`SELECT details::text AS details FROM audit_logs`;
    expect(audit.map((entry) => entry.details).join("\n")).not.toContain("s3cret-journal");
    // An update that keeps the username keeps the password; one without credentials drops them.
    const kept = await api("PUT", `/v1/ingestion-sources/${source.id}`, {
      token: admin.token,
      body: { config: { internalDomains: ["corp.test"], username: "mta" } },
    });
    expect(kept.body.config).toMatchObject({ username: "mta", passwordSet: true });
    const dropped = await api("PUT", `/v1/ingestion-sources/${source.id}`, {
      token: admin.token,
      body: { config: { internalDomains: ["corp.test"] } },
    });
    expect(dropped.body.config).toEqual({ internalDomains: ["corp.test"], requireTls: false, exchangeReports: false });
    // A journal password is the only guard of a source open to any client: at least 12 characters.
    const short = await api("PUT", `/v1/ingestion-sources/${source.id}`, {
      token: admin.token,
      body: { config: { internalDomains: ["corp.test"], username: "mta", password: "elevenchars" } },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.map((error: { field: string }) => error.field)).toEqual(["config.password"]);

    for (const [config, field] of [
      [{}, "config.internalDomains"],
      [{ internalDomains: ["not a domain"] }, "config.internalDomains.0"],
      [{ internalDomains: ["corp.test"], allowedClients: ["10.0.0.0/33"] }, "config.allowedClients.0"],
      [{ internalDomains: ["corp.test"], username: "mta" }, "config.password"],
      [{ internalDomains: ["corp.test"], recipientAddress: "nope" }, "config.recipientAddress"],
      [{ internalDomains: ["corp.test"], username: "mta", password: "short" }, "config.password"],
    ] as const) {
      const refused = await api("POST", "/v1/ingestion-sources", {
        token: admin.token,
        body: { name: "Bad", provider: "smtp-journal", config },
      });
      expect(refused.status, JSON.stringify(config)).toBe(422);
      expect(refused.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    }
  });
});

describe("the journaling listener", () => {
  it("answers 550 to every recipient while no journal source exists", async () => {
    const result = await send({ from: "a@corp.test", to: [JOURNAL], raw: buildMessage() });
    expect(result.code).toBe(550);
    expect(result.response).toMatch(/No journal source/);
  });

  it("archives a routed transaction with its envelope: recipients the headers do not name are Bcc", async () => {
    const source = await createJournalSource({ recipientAddress: JOURNAL, internalDomains: ["corp.test"] });
    const raw = buildMessage({
      from: "Sam <sam@corp.test>",
      to: ["Alice <alice@corp.test>"],
      cc: ["bob@partner.example"],
      subject: "Quarterly numbers",
    });
    const result = await send({ from: "sam@corp.test", to: ["alice@corp.test", "bob@partner.example", "carol@corp.test", JOURNAL], raw });
    expect(result.code).toBe(250);
    const [email] = await emails();
    expect(email).toMatchObject({
      ingestionSourceId: source.id,
      userEmail: JOURNAL,
      envelopeFrom: "sam@corp.test",
      envelopeRecipients: ["alice@corp.test", "bob@partner.example", "carol@corp.test"],
      recipientEmails: ["alice@corp.test", "bob@partner.example", "carol@corp.test"],
    });
    expect([...email.participantEmails].sort()).toEqual(["alice@corp.test", "carol@corp.test", "sam@corp.test"]);
    expect(await blobStore().get(email.storagePath)).toEqual(raw);

    const detail = await api("GET", `/v1/archived-emails/${email.id}`, { token: admin.token });
    expect(detail.body.envelope).toEqual({
      from: "sam@corp.test",
      recipients: ["alice@corp.test", "bob@partner.example", "carol@corp.test"],
      bcc: ["carol@corp.test"],
    });
    expect(detail.body.recipients).toEqual([
      { name: "Alice", email: "alice@corp.test" },
      { name: "", email: "bob@partner.example" },
      { name: "", email: "carol@corp.test" },
    ]);
    const search = await api("GET", "/v1/search?query=&to=carol%40corp.test", { token: admin.token });
    expect(search.body.items.map((item: { id: string }) => item.id)).toEqual([email.id]);

    // A retry after a lost 250 brings the same bytes: absorbed, still 250.
    expect((await send({ from: "sam@corp.test", to: ["alice@corp.test", JOURNAL], raw })).code).toBe(250);
    expect(await emails()).toHaveLength(1);
  });

  it("archives several transactions on one connection, each with its own envelope", async () => {
    await createJournalSource({ recipientAddress: JOURNAL, internalDomains: ["corp.test"] });
    const session = await openSmtpSession({ port: listener.port });
    try {
      const first = buildMessage({ subject: "First", to: ["alice@corp.test"] });
      const second = buildMessage({ subject: "Second", to: ["bob@corp.test"] });
      expect((await session.send({ from: "sam@corp.test", to: ["alice@corp.test", "dave@corp.test", JOURNAL], raw: first })).code).toBe(
        250,
      );
      expect((await session.send({ from: "eve@corp.test", to: ["bob@corp.test", JOURNAL], raw: second })).code).toBe(250);
    } finally {
      session.close();
    }
    const archived = (await emails()).sort((a, b) => a.subject.localeCompare(b.subject));
    expect(archived.map((email) => [email.subject, email.envelopeFrom, email.envelopeRecipients])).toEqual([
      ["First", "sam@corp.test", ["alice@corp.test", "dave@corp.test"]],
      ["Second", "eve@corp.test", ["bob@corp.test"]],
    ]);
  });

  it("refuses transactions no rule routes (550) and messages over the size limit (552)", async () => {
    await createJournalSource({ recipientAddress: JOURNAL, internalDomains: ["corp.test"] });
    const unrouted = await send({ from: "a@corp.test", to: ["alice@corp.test"], raw: buildMessage() });
    expect(unrouted.code).toBe(550);
    expect(unrouted.response).toMatch(/No journal source accepts/);
    const big = await send({ from: "a@corp.test", to: [JOURNAL], raw: buildMessage({ body: "x".repeat(MAX_BYTES) }) });
    expect(big.code).toBe(552);
    expect(await emails()).toHaveLength(0);
  });

  it("routes any recipient to a lone source without a journal address", async () => {
    const source = await createJournalSource({ internalDomains: ["corp.test"] });
    expect((await send({ from: "a@corp.test", to: ["anyone@corp.test"], raw: buildMessage() })).code).toBe(250);
    expect((await emails())[0]).toMatchObject({
      ingestionSourceId: source.id,
      userEmail: "journal",
      envelopeRecipients: ["anyone@corp.test"],
    });
  });

  it("refuses clients outside the allow-list (554), plaintext when TLS is required (530) and missing or wrong AUTH (530, 535)", async () => {
    await createJournalSource(
      { recipientAddress: "far@archive.test", internalDomains: ["corp.test"], allowedClients: ["10.0.0.0/8"] },
      "Far",
    );
    const outsider = await send({ from: "a@corp.test", to: ["far@archive.test"], raw: buildMessage() });
    expect(outsider.code).toBe(554);

    await createJournalSource({
      recipientAddress: JOURNAL,
      internalDomains: ["corp.test"],
      requireTls: true,
      username: "mta",
      password: "right-password",
    });
    const raw = buildMessage();
    expect((await send({ from: "a@corp.test", to: [JOURNAL], raw, tls: false })).code).toBe(530);
    expect((await send({ from: "a@corp.test", to: [JOURNAL], raw })).code).toBe(530);
    expect((await send({ from: "a@corp.test", to: [JOURNAL], raw, auth: { user: "mta", pass: "wrong" } })).code).toBe(535);
    expect((await send({ from: "a@corp.test", to: [JOURNAL], raw, auth: { user: "mta", pass: "right-password" } })).code).toBe(250);
    expect(await emails()).toHaveLength(1);
  });

  it("answers 451 while archiving fails, and archives the retry", async () => {
    await createJournalSource({ recipientAddress: JOURNAL, internalDomains: ["corp.test"] });
    await db().$executeRawUnsafe(`ALTER TABLE archived_emails ADD CONSTRAINT injected_fault CHECK (false) NOT VALID`);
    const raw = buildMessage();
    const failed = await send({ from: "a@corp.test", to: [JOURNAL], raw });
    await db().$executeRawUnsafe(`ALTER TABLE archived_emails DROP CONSTRAINT injected_fault`);
    expect(failed.code).toBe(451);
    expect(await emails()).toHaveLength(0);
    expect((await send({ from: "a@corp.test", to: [JOURNAL], raw })).code).toBe(250);
    expect(await emails()).toHaveLength(1);
  });

  it("archives bytes without a header block as they are (250), and refuses hostile mail the archive never takes with 554", async () => {
    await createJournalSource({ recipientAddress: JOURNAL, internalDomains: ["corp.test"] });
    const headerless = await send({ from: "a@corp.test", to: [JOURNAL], raw: Buffer.from("just some text without any header\r\n") });
    expect(headerless.code).toBe(250);
    expect(await emails()).toMatchObject([{ sentAtFallback: "no-headers", subject: "" }]);
    // More than 1000 attachments: a hostile-mail limit (docs/ingestion.md), refused for good rather than retried.
    const parts = Array.from(
      { length: 1001 },
      (_, index) => `--b\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename="a${index}.txt"\r\n\r\nx\r\n`,
    );
    const bomb = Buffer.from(
      `From: a@corp.test\r\nSubject: many\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n${parts.join("")}--b--\r\n`,
    );
    expect((await send({ from: "a@corp.test", to: [JOURNAL], raw: bomb })).code).toBe(554);
    expect(await emails()).toHaveLength(1);
  });

  it("unwraps an Exchange journal report from a trusted client: the original byte for byte with the report's recipients as envelope, and the report kept", async () => {
    // Trusted: an Exchange source, and the client inside its explicit allow-list.
    await createJournalSource({
      recipientAddress: JOURNAL,
      internalDomains: ["corp.test"],
      exchangeReports: true,
      allowedClients: ["127.0.0.1"],
    });
    const original = buildMessage({
      from: "Alice <alice@corp.test>",
      to: ["team@corp.test"],
      subject: "Plan",
      messageId: "plan@corp.test",
    });
    const report = buildJournalReport({
      original,
      sender: "alice@corp.test",
      subject: "Plan",
      messageId: "plan@corp.test",
      journalAddress: JOURNAL,
      recipients: [
        { type: "To", address: "dave@corp.test", expanded: "team@corp.test" },
        { type: "To", address: "erin@corp.test", expanded: "team@corp.test" },
        { type: "Bcc", address: "legal@corp.test" },
        { type: "Recipient", address: "partner@other.example" },
      ],
    });
    expect((await send({ from: "", to: [JOURNAL], raw: report })).code).toBe(250);
    const archived = await emails();
    expect(archived).toHaveLength(2);
    const email = archived.find((row) => row.messageIdHeader === "plan@corp.test")!;
    const kept = archived.find((row) => row.messageIdHeader === "journal-report-plan@corp.test")!;
    expect(email).toMatchObject({
      subject: "Plan",
      envelopeFrom: "alice@corp.test",
      envelopeRecipients: ["dave@corp.test", "erin@corp.test", "legal@corp.test", "partner@other.example"],
      tags: [`journal-report:${kept.storageHashSha256}`],
    });
    expect(await blobStore().get(email.storagePath)).toEqual(original);
    // The bytes received are archived too, as received, in "Journal reports", naming the original.
    expect(kept).toMatchObject({
      path: "Journal reports",
      tags: [`journal-report-of:${email.storageHashSha256}`],
      envelopeFrom: "",
      envelopeRecipients: [],
    });
    // Its Bcc recipient is no participant of the report: it shows only to readers of the whole source.
    expect(kept.participantEmails).not.toContain("legal@corp.test");
    expect(await blobStore().get(kept.storagePath)).toEqual(report);

    // A report without its attached original is archived as it is.
    const broken = Buffer.from(report.toString("latin1").replace("Content-Type: message/rfc822", "Content-Type: text/plain"), "latin1");
    expect((await send({ from: "", to: [JOURNAL], raw: broken })).code).toBe(250);
    const asIs = (await emails())[2];
    expect(await blobStore().get(asIs.storagePath)).toEqual(broken);
  });
});
