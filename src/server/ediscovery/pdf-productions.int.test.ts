import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { db, transaction } from "../platform/db/client";
import { allocateBates } from "./pdf/pdf-production.queries";
import { ingestBatch } from "../capture/ingestion/ingest-batch";
import { installationPublicKey } from "../platform/signing/installation-signing-key";
import { runNextExport } from "./export/run-export";
import { verifyExportZip } from "../../../scripts/verify-export.mjs";
import { setupAdmin } from "@tests/helpers/auth";
import { createCaseVia, createTagVia, EDISCOVERY } from "@tests/helpers/ediscovery";
import { ensureTestSource } from "@tests/helpers/emails";
import { buildMessage, zipOf } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { runProcess } from "@tests/helpers/run-process";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const SLOW = { timeout: 600_000 };
const casePath = (id: string) => `${EDISCOVERY}/cases/${id}`;

// What the redaction rules must remove everywhere, and what a withheld email holds.
const PHRASE = "Project Falcon";
const SSN = "123-45-6789";
const PARTNER = "secret-partner@rival.example";
const WITHHELD_BODY = "ATTORNEYWORKPRODUCT opinion on the settlement";
const FORBIDDEN = [PHRASE, SSN, PARTNER, "ATTORNEYWORKPRODUCT"];
const REDACT = [
  { pattern: PHRASE, kind: "text", label: "CONF" },
  { pattern: String.raw`\b\d{3}-\d{2}-\d{4}\b`, kind: "regex", label: "PII" },
  { pattern: PARTNER, kind: "text" },
];

async function ingest(messages: Buffer[]): Promise<string[]> {
  const outcomes = await ingestBatch({
    sourceId: await ensureTestSource(),
    userEmail: "alice@example.com",
    messages: messages.map((raw) => ({ raw })),
  });
  return outcomes.map((outcome) =>
    outcome.status === "imported" ? outcome.emailId : (Promise.reject(new Error(JSON.stringify(outcome))) as never),
  );
}

async function pdfWith(text: string, pages = 1): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index++) document.addPage().drawText(`${text} page ${index + 1}`, { x: 50, y: 700, size: 14, font });
  return Buffer.from(await document.save());
}

const docx = (text: string) =>
  zipOf(
    Object.entries({
      "[Content_Types].xml": `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
      "_rels/.rels": `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      "word/document.xml": `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    }).map(([name, content]) => ({ name, bytes: Buffer.from(content) })),
  );

/** A 2x2 red PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

/** An HTML email whose body shows an inline image by cid (multipart/related), with Cyrillic text and redactable content. */
function htmlWithInlineImage(): Buffer {
  const boundary = `rel_${randomUUID()}`;
  const html = [
    "<html><head><title>Falcon title</title><style>p { color: #333 }</style></head><body>",
    `<p>Привет, коллеги. Status of ${PHRASE}: on track.</p>`,
    `<p>Employee SSN ${SSN} must not leak.</p>`,
    '<p><img src="cid:logo@example" alt="Logo of Project Falcon"></p>',
    '<p><a href="https://tracker.example/Project Falcon">tracker link</a> <img src="https://remote.example/pixel.png"></p>',
    "</body></html>",
  ].join("\r\n");
  return Buffer.from(
    [
      "From: Alice Example <alice@example.com>",
      "To: Bob Example <bob@example.com>",
      `Cc: Partner <${PARTNER}>`,
      `Subject: ${PHRASE} weekly status`,
      "Date: Tue, 16 Jan 2024 09:30:00 +0300",
      `Message-ID: <${randomUUID()}@test.example.com>`,
      "MIME-Version: 1.0",
      `Content-Type: multipart/related; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      "Content-Type: text/html; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      html,
      `--${boundary}`,
      "Content-Type: image/png",
      "Content-Transfer-Encoding: base64",
      "Content-ID: <logo@example>",
      'Content-Disposition: inline; filename="logo.png"',
      "",
      PNG.toString("base64"),
      `--${boundary}--`,
      "",
    ].join("\r\n"),
  );
}

/** Every stream of a PDF, inflated where it is Flate-compressed (content streams, fonts' ToUnicode maps, object streams). */
function pdfStreams(bytes: Buffer): string[] {
  const text = bytes.toString("latin1");
  const streams: string[] = [];
  for (let at = text.indexOf("stream"); at !== -1; at = text.indexOf("stream", at + 6)) {
    if (text.slice(at - 3, at) === "end") continue;
    let start = at + 6;
    if (text[start] === "\r") start++;
    if (text[start] === "\n") start++;
    const end = text.indexOf("endstream", start);
    if (end === -1) break;
    const raw = bytes.subarray(start, end);
    try {
      streams.push(inflateSync(raw).toString("latin1"));
    } catch {
      streams.push(raw.toString("latin1"));
    }
    at = end;
  }
  return streams;
}

async function unzip(file: string): Promise<string> {
  const directory = mkdtempSync(path.join(tmpdir(), "pdf-production-"));
  const result = await runProcess("python3", [
    "-c",
    "import zipfile,sys; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])",
    file,
    directory,
  ]);
  expect(result.code, result.stderr).toBe(0);
  return directory;
}

const filesUnder = (directory: string): string[] =>
  readdirSync(directory, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(directory, name))
    .filter((file) => statSync(file).isFile());

async function pdfPages(file: string): Promise<number> {
  const info = await runProcess("pdfinfo", [file]);
  expect(info.code, info.stderr).toBe(0);
  return Number(/^Pages:\s+(\d+)/m.exec(info.stdout)![1]);
}

async function pdfText(file: string): Promise<string[]> {
  const text = await runProcess("pdftotext", ["-enc", "UTF-8", file, "-"]);
  expect(text.code, text.stderr).toBe(0);
  return text.stdout.split("\f").slice(0, -1);
}

async function download(token: string, caseId: string, exportId: string): Promise<string> {
  const response = await api("GET", `${casePath(caseId)}/exports/${exportId}/download`, { token });
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  const directory = mkdtempSync(path.join(tmpdir(), "pdf-zip-"));
  const file = path.join(directory, "production.zip");
  writeFileSync(file, response.bytes);
  return file;
}

const foldedContains = (haystack: string, needle: string) => haystack.normalize("NFKC").toLowerCase().includes(needle.toLowerCase());

describe("PDF productions", () => {
  it("produces Bates-numbered PDFs with redactions, a withheld email, load files and a privilege log; signed", SLOW, async () => {
    const admin = await setupAdmin();
    const ids = await ingest([
      htmlWithInlineImage(),
      // A phrase split by formatting is not caught text node by text node: the body is laid out from its text instead.
      buildMessage({
        subject: "Split formatting",
        html: `<html><body><p>Code name: <b>Project</b> Falcon</p><p>Reference <i>${SSN}</i></p></body></html>`,
        date: "Tue, 16 Jan 2024 10:00:00 +0000",
      }),
      buildMessage({
        subject: "Мультиязычный отчёт",
        body: `Arabic: مرحبا بالعالم\r\nChinese: 你好世界\r\nCyrillic: Добрый день\r\nThe ${PHRASE.toLowerCase()} budget is attached.`,
        date: "Wed, 17 Jan 2024 18:05:00 -0500",
        attachments: [
          { filename: "budget.pdf", contentType: "application/pdf", content: await pdfWith(`Budget of ${PHRASE}`, 2) },
          { filename: "appendix.pdf", contentType: "application/pdf", content: await pdfWith("Clean appendix", 3) },
          {
            filename: "draft.docx",
            contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            content: await docx(`Draft agreement for ${PHRASE}, reference ${SSN}`),
          },
          { filename: "data.bin", contentType: "application/octet-stream", content: Buffer.from([0, 1, 2, 3, 254, 255]) },
          { filename: "photo.png", contentType: "image/png", content: PNG },
        ],
      }),
      buildMessage({
        subject: "Privileged advice",
        body: WITHHELD_BODY,
        to: ["Counsel <counsel@law.example>"],
        date: "Thu, 18 Jan 2024 08:00:00 +0000",
      }),
    ]);
    const matter = await createCaseVia(admin.token, { name: "Falcon matter" });
    const produce = await createTagVia(admin.token, matter.id, "Produce");
    await createTagVia(admin.token, matter.id, "Attorney-Client");
    const privileged = (await api("GET", `${casePath(matter.id)}/tags`, { token: admin.token })).body.find(
      (tag: { name: string }) => tag.name === "Attorney-Client",
    );
    await api("POST", `${casePath(matter.id)}/tags/${produce.id}/apply`, { token: admin.token, body: { emailIds: ids } });
    await api("POST", `${casePath(matter.id)}/tags/${privileged.id}/apply`, { token: admin.token, body: { emailIds: [ids[3]] } });

    const body = {
      name: "Volume 1",
      source: { tagId: produce.id },
      format: "pdf",
      bates: { prefix: "FALC", start: 1, digits: 6 },
      redact: REDACT,
      withhold: { tags: ["attorney-client"] },
      endorsement: "CONFIDENTIAL - SUBJECT TO PROTECTIVE ORDER",
    };
    const created = await api("POST", `${casePath(matter.id)}/exports`, { token: admin.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({
      format: "pdf",
      production: {
        bates: body.bates,
        redact: [
          { kind: "text", label: "CONF" },
          { kind: "regex", label: "PII" },
          { kind: "text", label: "Redacted" },
        ],
        withhold: { tags: ["Attorney-Client"] },
        endorsement: body.endorsement,
      },
      batesBegin: null,
    });
    // The patterns themselves are in neither the answer nor the audit log.
    expect(JSON.stringify(created.body)).not.toContain(PHRASE);
    while (await runNextExport());
    const done = (await api("GET", `${casePath(matter.id)}/exports/${created.body.id}`, { token: admin.token })).body;
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: "completed", totalItems: 4, processedItems: 4, batesBegin: "FALC000001" });

    const zip = await download(admin.token, matter.id, done.id);
    expect(verifyExportZip(zip, { publicKeyPem: installationPublicKey().publicKey })).toEqual({
      ok: true,
      problems: [],
      messages: 4,
      keyFromZip: false,
    });
    const standalone = await runProcess(process.execPath, ["scripts/verify-export.mjs", zip]);
    expect(standalone.stdout).toContain("OK: signature valid, 4 message(s)");

    const out = await unzip(zip);
    const pdfs = readdirSync(path.join(out, "pdf")).sort();
    expect(pdfs).toHaveLength(4);
    // Pages: consecutive numbers across the documents, each page stamped with its own number and the endorsement.
    let expected = 1;
    const documents: { name: string; begin: number; pages: number; text: string[] }[] = [];
    for (const name of pdfs) {
      const file = path.join(out, "pdf", name);
      const pages = await pdfPages(file);
      const text = await pdfText(file);
      expect(text).toHaveLength(pages);
      expect(name).toBe(`FALC${String(expected).padStart(6, "0")}.pdf`);
      text.forEach((page, index) => {
        expect(page).toContain(`FALC${String(expected + index).padStart(6, "0")}`);
        expect(page).toContain("CONFIDENTIAL - SUBJECT TO PROTECTIVE ORDER");
      });
      documents.push({ name, begin: expected, pages, text });
      expected += pages;
    }
    expect(done.pageCount).toBe(expected - 1);
    expect(done.batesEnd).toBe(`FALC${String(expected - 1).padStart(6, "0")}`);
    const [html, split, multilingual, withheld] = documents;
    const all = (document: (typeof documents)[number]) => document.text.join("\n");
    // The HTML email: header block with the zone, Cyrillic, boxes where the redactions were, the inline image drawn.
    expect(all(html)).toContain("+0300");
    expect(all(html)).toContain("Привет");
    expect(all(html)).toMatch(/CONF/);
    expect(all(html)).toMatch(/PII|CONF|Redacted/);
    const images = await runProcess("pdfimages", ["-list", path.join(out, "pdf", html.name)]);
    expect(images.stdout.split("\n").filter((line) => /^\s*\d+\s+\d+\s+image/.test(line)).length).toBeGreaterThan(0);
    expect(all(split)).toContain("The HTML body is shown as text: a redaction spans its formatting.");
    expect(all(split)).toMatch(/Code name: \[?CONF/);
    // Non-Latin scripts come out of the text layer; the clean PDF's 3 pages are appended; the binary file is a slip-sheet.
    expect(all(multilingual)).toContain("你好世界");
    expect(all(multilingual)).toContain("Добрый день");
    expect(foldedContains(all(multilingual), "مرحبا") || foldedContains(all(multilingual), [..."مرحبا"].reverse().join(""))).toBe(true);
    expect(multilingual.text.filter((page) => page.includes("Clean appendix page"))).toHaveLength(3);
    expect(all(multilingual)).toContain("data.bin");
    expect(all(multilingual)).toContain(
      createHash("sha256")
        .update(Buffer.from([0, 1, 2, 3, 254, 255]))
        .digest("hex"),
    );
    expect(all(multilingual), all(multilingual)).toContain("Draft agreement for");
    // The withheld email: one slip-sheet page.
    expect(withheld.pages).toBe(1);
    expect(withheld.text[0]).toContain("Withheld: Attorney-Client");

    // Nothing redacted or withheld anywhere: the text layers, every file of the zip, every PDF stream inflated.
    for (const document of documents)
      for (const needle of FORBIDDEN) expect(foldedContains(all(document), needle), `${document.name}: ${needle}`).toBe(false);
    for (const file of filesUnder(out)) {
      const bytes = readFileSync(file);
      const contents = [bytes.toString("utf8"), bytes.toString("latin1"), ...(file.endsWith(".pdf") ? pdfStreams(bytes) : [])];
      for (const content of contents)
        for (const needle of FORBIDDEN) expect(foldedContains(content, needle), `${path.relative(out, file)}: ${needle}`).toBe(false);
    }
    for (const needle of FORBIDDEN) expect(foldedContains(readFileSync(zip).toString("latin1"), needle), `zip: ${needle}`).toBe(false);

    // The text files hold the pages' text after redaction.
    expect(readFileSync(path.join(out, "text", `${html.name.replace(".pdf", ".txt")}`), "utf8")).toContain("[CONF]");

    // Load files: the DAT's ranges and page counts and the OPT's pages agree with the PDFs.
    const dat = readFileSync(path.join(out, "loadfile.dat"), "utf8").split("\r\n").filter(Boolean);
    const fields = (line: string) =>
      line
        .replace(/^\ufeff/, "")
        .split("\u0014")
        .map((field) => field.slice(1, -1));
    expect(fields(dat[0])).toEqual([
      "BEGBATES",
      "ENDBATES",
      "BEGATTACH",
      "ENDATTACH",
      "PAGES",
      "CUSTODIAN",
      "FROM",
      "TO",
      "CC",
      "BCC",
      "SUBJECT",
      "DATESENT",
      "TIMESENT",
      "FILENAME",
      "MD5HASH",
      "TEXTPATH",
      "NATIVEPATH",
    ]);
    const bates = (value: number) => `FALC${String(value).padStart(6, "0")}`;
    documents.forEach((document, index) => {
      const row = fields(dat[index + 1]);
      expect(row.slice(0, 5)).toEqual([
        bates(document.begin),
        bates(document.begin + document.pages - 1),
        bates(document.begin),
        bates(document.begin + document.pages - 1),
        String(document.pages),
      ]);
      expect(row[15]).toBe(`text/${bates(document.begin)}.txt`);
    });
    expect(fields(dat[1])[8]).toBe("Partner <[Redacted]>");
    expect(fields(dat[1])[10]).toBe("[CONF] weekly status");
    const opt = readFileSync(path.join(out, "loadfile.opt"), "utf8").split("\r\n").filter(Boolean);
    expect(opt).toHaveLength(expected - 1);
    opt.forEach((line, index) => {
      const document = documents.find((candidate) => candidate.begin <= index + 1 && index + 1 < candidate.begin + candidate.pages)!;
      const first = document.begin === index + 1;
      expect(line).toBe(`${bates(index + 1)},VOL001,pdf/${document.name},${first ? "Y" : ""},,,${first ? document.pages : ""}`);
    });
    // The privilege log: the withheld email, by its slip-sheet's number, with the SHA-256 of the original.
    const stored = await db().archivedEmail.findUniqueOrThrow({ where: { id: ids[3] }, select: { storageHashSha256: true } });
    const log = readFileSync(path.join(out, "privilege-log.csv"), "utf8").split("\r\n").filter(Boolean);
    expect(log).toEqual([
      "BATES,DATE,AUTHOR,RECIPIENTS,SUBJECT,PRIVILEGE,SHA256",
      `${bates(withheld.begin)},2024-01-18T08:00:00.000Z,Alice Example <alice@example.com>,Counsel <counsel@law.example>,Privileged advice,Attorney-Client,${stored.storageHashSha256}`,
    ]);

    // The case continues where this production stopped; a second production takes the next numbers.
    const matterAfter = (await api("GET", casePath(matter.id), { token: admin.token })).body;
    expect(matterAfter.nextBates).toBe(expected);
    const second = await api("POST", `${casePath(matter.id)}/exports`, { token: admin.token, body: { ...body, name: "Volume 2" } });
    expect(second.status).toBe(202);
    while (await runNextExport());
    const secondDone = (await api("GET", `${casePath(matter.id)}/exports/${second.body.id}`, { token: admin.token })).body;
    expect(secondDone).toMatchObject({ status: "completed", batesBegin: bates(expected), pageCount: expected - 1 });
    const secondOut = await unzip(await download(admin.token, matter.id, secondDone.id));
    expect(readdirSync(path.join(secondOut, "pdf"))[0]).toBe(`${bates(expected)}.pdf`);
    expect((await api("GET", casePath(matter.id), { token: admin.token })).body.nextBates).toBe(2 * expected - 1);

    const audit = await db().auditLog.findMany({ where: { targetId: done.id }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => [entry.actionType, (entry.details as { phase?: string }).phase])).toEqual([
      ["EXPORT", "created"],
      ["EXPORT", "started"],
      ["EXPORT", "bates"],
      ["EXPORT", "completed"],
      ["DOWNLOAD", undefined],
    ]);
    expect(audit[3].details).toMatchObject({ batesBegin: "FALC000001", batesEnd: done.batesEnd, pages: done.pageCount });
    for (const entry of audit) expect(JSON.stringify(entry.details)).not.toContain(PHRASE);
  });

  it("numbers a production of several batches in flight in the production's order, each email its own pages", SLOW, async () => {
    const admin = await setupAdmin();
    // 60 emails: batches of 25, 25 and 10 laid out in one print each, two in flight; email 30 runs over several pages.
    const count = 60;
    const long = Array.from({ length: 400 }, (_, line) => `batchmark line ${line} of the long email`).join("\r\n");
    await ingest(
      Array.from({ length: count }, (_, index) =>
        buildMessage({
          subject: `Batch email ${String(index).padStart(2, "0")}`,
          body: index === 30 ? long : `batchmark body of email ${index}`,
          date: new Date(Date.UTC(2024, 1, 1, 0, index)).toUTCString().replace("GMT", "+0000"),
        }),
      ),
    );
    const matter = await createCaseVia(admin.token);
    const created = await api("POST", `${casePath(matter.id)}/exports`, {
      token: admin.token,
      body: {
        name: "Batches",
        source: { searchQuery: { query: "batchmark" } },
        format: "pdf",
        bates: { prefix: "B", start: 1, digits: 6 },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    while (await runNextExport());
    const done = (await api("GET", `${casePath(matter.id)}/exports/${created.body.id}`, { token: admin.token })).body;
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: "completed", totalItems: count, processedItems: count });

    const out = await unzip(await download(admin.token, matter.id, done.id));
    const pdfs = readdirSync(path.join(out, "pdf")).sort();
    expect(pdfs).toHaveLength(count);
    let expected = 1;
    for (const [index, name] of pdfs.entries()) {
      expect(name).toBe(`B${String(expected).padStart(6, "0")}.pdf`);
      const text = await pdfText(path.join(out, "pdf", name));
      expect(text[0]).toContain(`Batch email ${String(index).padStart(2, "0")}`);
      text.forEach((page, pageIndex) => expect(page).toContain(`B${String(expected + pageIndex).padStart(6, "0")}`));
      // No page of one email shows another's subject.
      expect(text.join("\n").match(/Batch email \d\d/g)).toEqual([`Batch email ${String(index).padStart(2, "0")}`]);
      if (index === 30) expect(text.length).toBeGreaterThan(1);
      else expect(text).toHaveLength(1);
      expected += text.length;
    }
    expect(done.pageCount).toBe(expected - 1);
    expect(readFileSync(path.join(out, "loadfile.opt"), "utf8").split("\r\n").filter(Boolean)).toHaveLength(expected - 1);
  });

  it("answers 422 naming the field for bad production fields and an unknown withheld tag", SLOW, async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token);
    const base = { name: "P", source: { searchQuery: { query: "x" } }, format: "pdf", bates: { prefix: "ABC", start: 1, digits: 6 } };
    const post = (body: Record<string, unknown>) => api("POST", `${casePath(matter.id)}/exports`, { token: admin.token, body });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, bates: undefined }, "bates"],
      [{ ...base, bates: { prefix: "abc", start: 1, digits: 6 } }, "bates.prefix"],
      [{ ...base, bates: { prefix: "ABC", start: 0, digits: 6 } }, "bates.start"],
      [{ ...base, bates: { prefix: "ABC", start: 1, digits: 5 } }, "bates.digits"],
      [{ ...base, redact: [{ pattern: "(a+)+b", kind: "regex" }] }, "redact.0.pattern"],
      [{ ...base, redact: [{ pattern: "a*", kind: "regex" }] }, "redact.0.pattern"],
      [{ ...base, redact: [{ pattern: "x", kind: "glob" }] }, "redact.0.kind"],
      [{ ...base, endorsement: "秘密" }, "endorsement"],
      [{ ...base, includeAttachmentText: true }, "includeAttachmentText"],
      [{ ...base, format: "eml" }, "bates"],
    ];
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(
        response.body.errors.map((error: { field: string }) => error.field),
        JSON.stringify(response.body),
      ).toContain(field);
    }
    const unknownTag = await post({ ...base, withhold: { tags: ["No such tag"] } });
    expect(unknownTag.status).toBe(422);
    expect(unknownTag.body.errors[0].field).toBe("withhold.tags");
    expect(await db().ediscoveryExport.count()).toBe(0);
  });

  it("takes Bates ranges under the case row's lock: two productions taking numbers at once never overlap", SLOW, async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token);
    const production = { bates: { prefix: "X", start: 1, digits: 6 }, redact: [], withhold: { tags: [] }, endorsement: null };
    const [one, two] = await Promise.all(
      ["One", "Two"].map((name) =>
        db().ediscoveryExport.create({
          data: {
            caseId: matter.id,
            name,
            format: "pdf",
            source: {},
            queryUsed: {},
            production,
            status: "running",
            lockedBy: "bench-worker",
          },
        }),
      ),
    );
    // The first holds its transaction open after taking its range; the second starts meanwhile and must wait for it.
    let tookFirst!: () => void;
    const firstTaken = new Promise<void>((resolve) => (tookFirst = resolve));
    const first = transaction(async (tx) => {
      const taken = await allocateBates(tx, { exportId: one.id, caseId: matter.id, workerId: "bench-worker", start: 1, pages: 5 });
      tookFirst();
      await sleep(700);
      return taken;
    });
    await firstTaken;
    const second = transaction((tx) =>
      allocateBates(tx, { exportId: two.id, caseId: matter.id, workerId: "bench-worker", start: 1, pages: 3 }),
    );
    expect(await Promise.all([first, second])).toEqual([
      { first: 1, taken: true },
      { first: 6, taken: true },
    ]);
    expect((await db().ediscoveryCase.findUniqueOrThrow({ where: { id: matter.id } })).nextBates).toBe(9);
    // Taken again (a worker that died after taking it), the range is kept.
    expect(
      await transaction((tx) => allocateBates(tx, { exportId: two.id, caseId: matter.id, workerId: "bench-worker", start: 1, pages: 3 })),
    ).toEqual({
      first: 6,
      taken: false,
    });
  });

  it("fails the production with a clear reason when Chromium is missing", SLOW, async () => {
    await withEnv({ EXPORT_CHROMIUM_PATH: path.join(tmpdir(), `no-chromium-${randomUUID()}`) }, async () => {
      const admin = await setupAdmin();
      await ingest([buildMessage({ subject: "Anything" })]);
      const matter = await createCaseVia(admin.token);
      const created = await api("POST", `${casePath(matter.id)}/exports`, {
        token: admin.token,
        body: { name: "P", source: { searchQuery: { query: "anything" } }, format: "pdf", bates: { prefix: "X", start: 1, digits: 6 } },
      });
      while (await runNextExport());
      const row = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: created.body.id } });
      expect(row.status).toBe("failed");
      expect(row.error).toContain("PDF productions need Chromium");
      expect((await db().ediscoveryCase.findUniqueOrThrow({ where: { id: matter.id } })).nextBates).toBe(1);
    });
  });
});
