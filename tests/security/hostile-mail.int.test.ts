import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir } from "../../src/server/platform/config/env";
import { db } from "../../src/server/platform/db/client";
import { startJournalListener, type JournalListener } from "../../src/server/capture/journal/journal-listener";
import { journalTlsCredentials } from "../../src/server/capture/journal/journal-tls";
import { blobStore } from "../../src/server/archive/storage/blob-store-factory";
import { setupAdmin } from "../helpers/auth";
import { buildJournalReport } from "../helpers/journal-report";
import { buildMessage, mboxOf, zipOf } from "../helpers/mail";
import { manyParts, nestedMultipart } from "../helpers/malformed-mail";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api } from "../helpers/rest-client";
import { sendSmtp } from "../helpers/smtp-client";

useEmptyDatabasePerTest();

async function upload(token: string, contentType: string, bytes: Buffer) {
  const source = await api("POST", "/v1/ingestion-sources", { token, body: { name: `Hostile ${Math.random()}`, provider: "upload" } });
  return api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=victim@example.com`, {
    token,
    rawBody: new Uint8Array(bytes),
    headers: { "content-type": contentType },
  });
}

/** A header, then 300 MB of zeros: a message by its content, deflated to well under 1 MB. */
const zipBomb = () =>
  zipOf([
    { name: "bomb.eml", bytes: Buffer.concat([Buffer.from("Subject: bomb\r\n\r\n"), Buffer.alloc(300 * 1024 * 1024)]) },
    { name: "fine.eml", bytes: buildMessage({ subject: "after the bomb" }) },
  ]);

describe("hostile mail is archived or refused message by message, and nothing lands outside the store", () => {
  it("a zip bomb entry fails alone; the rest of the zip imports", async () => {
    const admin = await setupAdmin();
    const response = await upload(admin.token, "application/zip", await zipBomb());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ imported: 1, duplicates: 0, failed: [{ index: 0, reason: expect.stringMatching(/larger than/) }] });
  }, 120_000);

  it("MIME bombs, deep nesting, 100 MB headers and hostile attachment names", async () => {
    const admin = await setupAdmin();
    const hostileNames = buildMessage({
      subject: "names",
      attachments: [
        { filename: "../../../../tmp/pwned.sh", content: "#!/bin/sh" },
        { filename: "evil\u0000.txt.exe", content: "x" },
        { filename: "CON", content: "y" },
        { filename: "\u202Egnp.exe", content: "z" },
      ],
    });
    const corpus = [
      { bytes: manyParts(5000), archived: false },
      { bytes: nestedMultipart(300), archived: true },
      { bytes: Buffer.concat([Buffer.from(`X-Huge: ${"h".repeat(100 * 1024 * 1024)}\r\n`), buildMessage()]), archived: false },
      { bytes: hostileNames, archived: true },
      { bytes: buildMessage({ subject: "ordinary" }), archived: true },
    ];
    const started = Date.now();
    const response = await upload(admin.token, "application/mbox", mboxOf(corpus.map((item) => item.bytes)));
    expect(response.status).toBe(200);
    expect(response.body.failed.map((failure: { index: number }) => failure.index)).toEqual(
      corpus.flatMap((item, index) => (item.archived ? [] : [index])),
    );
    expect(Date.now() - started).toBeLessThan(60_000);
    const names = (await db().attachment.findMany({ orderBy: { filename: "asc" } })).map((attachment) => attachment.filename);
    expect(names).toEqual(expect.arrayContaining(["pwned.sh", "evil.txt.exe", "_CON", "gnp.exe"]));
    for (const name of names) expect(name).not.toMatch(/[\\/\u0000-\u001f\u202e]/);
    // Nothing was written anywhere but content-addressed files (and the spool) under the data directory.
    const entries = await readdir(dataDir(), { recursive: true });
    expect(
      entries.filter(
        (entry) => !/^(storage|tmp|\.auth-secret|encryption\.key|storage\.key|export-signing-key\.pem)(\/|$)/.test(String(entry)),
      ),
    ).toEqual([]);
    const stored = entries.filter((entry) => String(entry).startsWith("storage/sha256/") && String(entry).split("/").length === 5);
    for (const entry of stored) expect(path.basename(String(entry))).toMatch(/^[0-9a-f]{64}$/);
  }, 180_000);
});

describe("a forged Exchange journal report (issue 34, item 3)", () => {
  let listener: JournalListener;
  beforeAll(async () => {
    listener = await startJournalListener({
      host: "127.0.0.1",
      port: 0,
      maxBytes: 1_000_000,
      tls: await journalTlsCredentials(),
      sourcesMaxAgeMs: 0,
    });
  });
  afterAll(async () => listener.close());

  /** An outsider's message dressed as a Microsoft 365 journal report: a forged CEO mail of 2019 to chosen people. */
  const forgedReport = () => {
    const forged = buildMessage({
      from: "CEO <ceo@corp.test>",
      to: ["alice@corp.test"],
      subject: "Approved: wire the funds",
      date: "Mon, 14 Jan 2019 09:00:00 +0000",
      messageId: "forged@corp.test",
    });
    const report = buildJournalReport({
      original: forged,
      sender: "ceo@corp.test",
      subject: "Approved: wire the funds",
      messageId: "forged@corp.test",
      journalAddress: "journal@archive.test",
      recipients: [{ type: "To", address: "alice@corp.test" }],
    });
    return Buffer.from(report.toString("latin1").replace("X-MS-Exchange-Organization-Journal-Report: ", "X-MS-Journal-Report: "), "latin1");
  };

  async function expectArchivedAsReceived(report: Buffer) {
    const archived = await db().archivedEmail.findMany();
    expect(archived).toHaveLength(1);
    expect(await blobStore().get(archived[0].storagePath)).toEqual(report);
    expect(archived[0]).toMatchObject({ messageIdHeader: "journal-report-forged@corp.test", envelopeFrom: "outsider@evil.example" });
    expect(await db().archivedEmail.count({ where: { messageIdHeader: "forged@corp.test" } })).toBe(0);
  }

  /** A journal source with `settings`, then the forged report sent to it by an outsider's relay, unauthenticated. */
  async function forgeThrough(name: string, settings: Record<string, unknown>) {
    const admin = await setupAdmin();
    const config = { recipientAddress: "journal@archive.test", internalDomains: ["corp.test"], ...settings };
    expect(
      (await api("POST", "/v1/ingestion-sources", { token: admin.token, body: { name, provider: "smtp-journal", config } })).status,
    ).toBe(201);
    const report = forgedReport();
    const sent = await sendSmtp({ port: listener.port, from: "outsider@evil.example", to: ["journal@archive.test"], raw: report });
    expect(sent.code).toBe(250);
    await expectArchivedAsReceived(report);
  }

  it("from a client the source does not trust (the loopback default, no AUTH) is archived as received, never unwrapped", async () => {
    await forgeThrough("Exchange", { exchangeReports: true });
  });

  it("relayed by a trusted Postfix to a source that is no Exchange journaling source is archived as received", async () => {
    await forgeThrough("Postfix", { allowedClients: ["127.0.0.0/8"] });
  });
});
