import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { dataDir } from "../platform/config/env";
import { db } from "../platform/db/client";
import { ingestBatch } from "../capture/ingestion/ingest-batch";
import { installationPublicKey } from "../platform/signing/installation-signing-key";
import { blobStore } from "../archive/storage/blob-store-factory";
import { exportItemsAfter } from "./exports.queries";
import { finishProduction } from "./export/finish-production";
import { chunkDirectory, chunkFile, exportDirectory, legacyEmlStoredFile } from "./export/production-format";
import { productionZip } from "./export/production-zip";
import { runNextExport } from "./export/run-export";
import { verifyExportZip } from "../../../scripts/verify-export.mjs";
import { createUserWithRole, setupAdmin } from "@tests/helpers/auth";
import { createCaseVia, createTagVia, EDISCOVERY, reviewerPolicies } from "@tests/helpers/ediscovery";
import { ensureTestSource } from "@tests/helpers/emails";
import { buildMessage } from "@tests/helpers/mail";
import { api } from "@tests/helpers/rest-client";
import { useEmptyDatabasePerTest } from "@tests/helpers/reset-database";
import { runProcess } from "@tests/helpers/run-process";
import { startCephRgw } from "@tests/helpers/ceph-rgw";
import { s3StorageEnvironment } from "@tests/helpers/s3-server";
import { withEnv } from "@tests/helpers/with-env";

useEmptyDatabasePerTest();

const GHOST = "00000000-0000-4000-8000-000000000000";
const casePath = (id: string) => `${EDISCOVERY}/cases/${id}`;

async function ingest(userEmail: string, messages: Buffer[]): Promise<string[]> {
  const outcomes = await ingestBatch({ sourceId: await ensureTestSource(), userEmail, messages: messages.map((raw) => ({ raw })) });
  return outcomes.map((outcome) =>
    outcome.status === "imported" ? outcome.emailId : (Promise.reject(new Error(JSON.stringify(outcome))) as never),
  );
}

/** `count` messages to alice, each matching "merger". */
async function ingestMergers(count: number): Promise<string[]> {
  return ingest(
    "alice@example.com",
    Array.from({ length: count }, (_, n) => buildMessage({ subject: `Merger ${n}`, body: `merger ${n}` })),
  );
}

async function runExports(): Promise<void> {
  while (await runNextExport());
}

async function download(token: string, caseId: string, exportId: string): Promise<string> {
  const response = await api("GET", `${casePath(caseId)}/exports/${exportId}/download`, { token });
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  const file = path.join(mkdtempSync(path.join(tmpdir(), "ediscovery-")), "production.zip");
  writeFileSync(file, response.bytes);
  return file;
}

const tricky = [
  buildMessage({
    subject: "Merger one",
    to: ["Bob <bob@example.com>"],
    cc: ["carol@example.com"],
    body: "From the start\r\n>From quoted\r\nmerger",
  }),
  Buffer.from(
    buildMessage({ subject: "Merger two", body: "merger, no final line break" }).toString("latin1").replace(/\r\n$/, ""),
    "latin1",
  ),
  buildMessage({
    subject: "Merger three",
    body: "merger",
    attachments: [{ filename: "notes.txt", contentType: "text/plain", content: "merger notes text" }],
  }),
];

/** The tricky messages ingested and exported as eml by the admin, run to completion. */
async function exportTricky(name: string) {
  const admin = await setupAdmin();
  const ids = await ingest("alice@example.com", tricky);
  const matter = await createCaseVia(admin.token);
  const created = await api("POST", `${casePath(matter.id)}/exports`, {
    token: admin.token,
    body: { name, source: { searchQuery: { query: "merger" } }, format: "eml" },
  });
  await runExports();
  const row = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: created.body.id } });
  expect(row.status).toBe("completed");
  return { admin, matter, row, ids };
}

/** The lines of a production's manifest.csv but README.txt's (its export name and completion time differ from run to run). */
const manifestButReadme = (exportId: string) =>
  readFileSync(path.join(exportDirectory(exportId), "manifest.csv"), "utf8")
    .split("\r\n")
    .filter((line) => !line.endsWith(",README.txt"));

// Each test ingests real messages and runs the worker's code: slow on a busy machine.
const SLOW = { timeout: 300_000 };

describe("eDiscovery exports", () => {
  it("produces a signed eml production: messages byte for byte, manifest, load file, README; audited; verified offline", SLOW, async () => {
    const admin = await setupAdmin();
    const ids = await ingest("alice@example.com", tricky);
    await ingest("alice@example.com", [buildMessage({ subject: "Lunch", body: "sandwiches" })]);
    const matter = await createCaseVia(admin.token, { name: "Merger matter" });
    const created = await api("POST", `${casePath(matter.id)}/exports`, {
      token: admin.token,
      body: { name: "Production 1", source: { searchQuery: { query: "merger" } }, format: "eml", includeAttachmentText: true },
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      caseId: matter.id,
      name: "Production 1",
      status: "queued",
      format: "eml",
      totalItems: 0,
      processedItems: 0,
      bytes: 0,
      manifestSha256: null,
      error: null,
      createdById: admin.user.id,
      startedAt: null,
      completedAt: null,
    });
    expect((await api("GET", `${casePath(matter.id)}/exports/${created.body.id}/download`, { token: admin.token })).status).toBe(409);
    await runExports();
    const done = (await api("GET", `${casePath(matter.id)}/exports/${created.body.id}`, { token: admin.token })).body;
    const raws = new Map(ids.map((id, index) => [id, tricky[index]]));
    expect(done).toMatchObject({
      status: "completed",
      totalItems: 3,
      processedItems: 3,
      bytes: tricky.reduce((sum, raw) => sum + raw.length, 0),
      manifestSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await api("GET", `${casePath(matter.id)}/exports`, { token: admin.token })).body).toEqual([done]);
    // On disk, the messages are chunks of a run each (named by their first seq), not a file each.
    const chunks = readdirSync(path.join(exportDirectory(done.id), "messages"));
    expect(chunks.length).toBeGreaterThan(0);
    for (const name of chunks) expect(name).toMatch(/^\d{10}\.part$/);

    const zip = await download(admin.token, matter.id, done.id);
    const verified = verifyExportZip(zip, { publicKeyPem: installationPublicKey().publicKey });
    expect(verified).toEqual({ ok: true, problems: [], messages: 3, keyFromZip: false });
    const standalone = await runProcess(process.execPath, ["scripts/verify-export.mjs", zip]);
    expect(standalone.stdout).toContain("OK: signature valid, 3 message(s)");
    expect(standalone.code).toBe(0);

    const unzip = await runProcess("python3", [
      "-c",
      `import zipfile,sys,json
z=zipfile.ZipFile(sys.argv[1]); print(json.dumps({n: z.read(n).decode('latin1') for n in z.namelist()}))`,
      zip,
    ]);
    const files: Record<string, string> = JSON.parse(unzip.stdout);
    for (const [id, raw] of raws) expect(Buffer.from(files[`messages/${id}.eml`], "latin1").equals(raw)).toBe(true);
    const manifest = Buffer.from(files["manifest.csv"], "latin1").toString("utf8").split("\r\n");
    expect(manifest[0]).toBe("emailId,messageId,sha256,sizeBytes,sentAt,from,to,cc,subject,mailbox,ingestionSourceId,file");
    // The header, a line per message, then a line per other file (emailId empty): every file but the signed pair is listed.
    expect(manifest.filter(Boolean)).toHaveLength(8);
    const sha256 = (name: string) => createHash("sha256").update(Buffer.from(files[name], "latin1")).digest("hex");
    const others = ["README.txt", "export-key.pem", "loadfile.dat", `attachments-text/${ids[2]}/1-notes.txt.txt`];
    expect(manifest.slice(4, 8)).toEqual(
      others.map((name) => `,,${sha256(name)},${Buffer.byteLength(files[name], "latin1")},,,,,,,,${name}`),
    );
    const first = manifest.find((line) => line.startsWith(ids[0]))!;
    expect(first).toContain(",bob@example.com,carol@example.com,Merger one,alice@example.com,");
    expect(first.endsWith(`,messages/${ids[0]}.eml`)).toBe(true);
    const loadfile = Buffer.from(files["loadfile.dat"], "latin1").toString("utf8");
    expect(loadfile.startsWith("\ufeffþBEGDOCþ\u0014þENDDOCþ\u0014þemailIdþ")).toBe(true);
    expect(loadfile).toContain("þDOC00000001þ\u0014þDOC00000001þ");
    expect(files["README.txt"]).toContain("Unrestricted");
    expect(Object.keys(files).filter((name) => name.startsWith("attachments-text/"))).toEqual([
      `attachments-text/${ids[2]}/1-notes.txt.txt`,
    ]);
    expect(files["export-key.pem"]).toBe(installationPublicKey().publicKey);

    const audit = await db().auditLog.findMany({ where: { targetId: done.id }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => [entry.actionType, (entry.details as { phase?: string }).phase])).toEqual([
      ["EXPORT", "created"],
      ["EXPORT", "started"],
      ["EXPORT", "completed"],
      ["DOWNLOAD", undefined],
    ]);
    expect(audit[2].details).toMatchObject({
      caseId: matter.id,
      count: 3,
      manifestSha256: done.manifestSha256,
      query: { kind: "search", searchQuery: { query: "merger" } },
    });
    expect(audit[3].details).toMatchObject({ caseId: matter.id, count: 3, manifestSha256: done.manifestSha256 });
  });

  it("produces an mboxrd production from a tag that unquotes to the archived bytes, and detects tampering", SLOW, () =>
    // Two writer threads: the batch's two messages are two mbox chunks, concatenated in order in the zip.
    withEnv({ EXPORT_WRITER_THREADS: "2" }, async () => {
      const admin = await setupAdmin();
      const ids = await ingest("alice@example.com", tricky);
      const matter = await createCaseVia(admin.token);
      const tag = await createTagVia(admin.token, matter.id, "Responsive");
      await api("POST", `${casePath(matter.id)}/tags/${tag.id}/apply`, { token: admin.token, body: { emailIds: ids.slice(0, 2) } });
      const created = await api("POST", `${casePath(matter.id)}/exports`, {
        token: admin.token,
        body: { name: "Tagged", source: { tagId: tag.id }, format: "mbox" },
      });
      expect(created.status).toBe(202);
      await runExports();
      const done = (await api("GET", `${casePath(matter.id)}/exports/${created.body.id}`, { token: admin.token })).body;
      expect(done).toMatchObject({ status: "completed", totalItems: 2 });
      expect(readdirSync(path.join(exportDirectory(done.id), "mbox"))).toHaveLength(2);
      const zip = await download(admin.token, matter.id, done.id);
      expect(verifyExportZip(zip, { publicKeyPem: installationPublicKey().publicKey })).toMatchObject({ ok: true, messages: 2 });
      const bytes = readFileSync(zip);
      const at = bytes.indexOf(Buffer.from(">>From quoted"));
      expect(at).toBeGreaterThan(0);
      bytes[at + 2] = "f".charCodeAt(0);
      writeFileSync(zip, bytes);
      const tampered = verifyExportZip(zip, { publicKeyPem: installationPublicKey().publicKey });
      expect(tampered.ok).toBe(false);
      expect(tampered.problems.join("\n")).toContain("SHA-256");
    }),
  );

  it("downloads the same eml zip from a message per file (before chunks) or both layouts; fails on a chunk of another length", SLOW, () =>
    // Three writer threads: each of the three messages is a chunk of its own.
    withEnv({ EXPORT_WRITER_THREADS: "3" }, async () => {
      const { admin, matter, row, ids } = await exportTricky("Layouts");
      const raws = new Map(ids.map((id, index) => [id, tricky[index]]));
      const directory = exportDirectory(row.id);
      const chunk = (seq: number) => path.join(directory, chunkFile("eml", seq));
      const items = await exportItemsAfter(db(), row.id, 0, 10);
      expect(readdirSync(path.join(directory, "messages")).sort()).toEqual(items.map((item) => path.basename(chunk(item.seq))));
      const zipOf = async () => Buffer.concat(await productionZip(row).toArray());
      const chunked = await zipOf();
      const zip = await download(admin.token, matter.id, row.id);
      expect(verifyExportZip(zip, { publicKeyPem: installationPublicKey().publicKey })).toMatchObject({ ok: true, messages: 3 });

      // A chunk longer than its messages: the zip would cut them at the wrong places, so the stream fails.
      appendFileSync(chunk(items[1].seq), "x");
      await expect(zipOf()).rejects.toThrow(/holds \d+ bytes, its messages \d+/);
      writeFileSync(chunk(items[1].seq), raws.get(items[1].email_id)!);

      const toLegacyFile = (item: (typeof items)[number]) => {
        const file = path.join(directory, legacyEmlStoredFile(item.email_id));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, readFileSync(chunk(item.seq)));
        rmSync(chunk(item.seq));
      };
      // Begun before chunks, resumed after: the first message in its own file, the others in chunks.
      toLegacyFile(items[0]);
      expect((await zipOf()).equals(chunked)).toBe(true);
      // Written before chunks: every message in its own file, no chunk.
      for (const item of items.slice(1)) toLegacyFile(item);
      expect(readdirSync(path.join(directory, "messages")).every((name) => !name.endsWith(".part"))).toBe(true);
      expect((await zipOf()).equals(chunked)).toBe(true);
    }),
  );

  it("reads what writing recorded from the item rows for exports begun before the written-items table", SLOW, async () => {
    const { row } = await exportTricky("Records");
    const recorded = await exportItemsAfter(db(), row.id, 0, 10);
    expect(recorded.map((item) => [item.to_addresses, item.cc_addresses])).toContainEqual(["bob@example.com", "carol@example.com"]);
    const zip = Buffer.concat(await productionZip(row).toArray());

    // Batches recorded before the table in the item rows (the first two items), the rest after it.
    await db().$executeRaw`
      UPDATE ediscovery_export_items i SET size_bytes = w.size_bytes, to_addresses = w.to_addresses, cc_addresses = w.cc_addresses
      FROM ediscovery_export_written_items w WHERE w.export_id = i.export_id AND w.seq = i.seq AND i.export_id = ${row.id}::uuid AND i.seq <= 2`;
    await db().$executeRaw`DELETE FROM ediscovery_export_written_items WHERE export_id = ${row.id}::uuid AND seq <= 2`;
    expect(await exportItemsAfter(db(), row.id, 0, 10)).toEqual(recorded);
    expect(Buffer.concat(await productionZip(row).toArray()).equals(zip)).toBe(true);
    const manifest = manifestButReadme(row.id);
    await finishProduction(row, exportDirectory(row.id));
    expect(manifestButReadme(row.id)).toEqual(manifest);
  });

  it("exports from S3 storage too (a store without synchronous reads): eml and mbox verify offline", SLOW, async () => {
    const rgw = await startCephRgw();
    try {
      await withEnv(s3StorageEnvironment(rgw.plainBucket), async () => {
        expect(blobStore().name).toBe("s3");
        const admin = await setupAdmin();
        await ingest("alice@example.com", tricky);
        const matter = await createCaseVia(admin.token);
        for (const format of ["eml", "mbox"]) {
          const created = await api("POST", `${casePath(matter.id)}/exports`, {
            token: admin.token,
            body: { name: `From S3 ${format}`, source: { searchQuery: { query: "" } }, format },
          });
          await runExports();
          const done = (await api("GET", `${casePath(matter.id)}/exports/${created.body.id}`, { token: admin.token })).body;
          expect(done).toMatchObject({ status: "completed", totalItems: 3 });
          const zip = await download(admin.token, matter.id, done.id);
          expect(verifyExportZip(zip, { publicKeyPem: installationPublicKey().publicKey })).toMatchObject({ ok: true, messages: 3 });
        }
      });
    } finally {
      await rgw.stop();
    }
  });

  it("exports from S3 in batches of one, reading ahead across them; a changed object fails it, naming the email", SLOW, async () => {
    const rgw = await startCephRgw();
    try {
      // A window smaller than the export and larger than a batch: reads cross batch boundaries and wait for slots.
      await withEnv({ ...s3StorageEnvironment(rgw.plainBucket), EXPORT_S3_READS_IN_FLIGHT: "2" }, async () => {
        const admin = await setupAdmin();
        const ids = await ingest("alice@example.com", [
          ...tricky,
          ...[0, 1, 2].map((n) => buildMessage({ subject: `Merger extra ${n}`, body: "merger" })),
        ]);
        const matter = await createCaseVia(admin.token);
        const exportAll = async (name: string) => {
          const created = await api("POST", `${casePath(matter.id)}/exports`, {
            token: admin.token,
            body: { name, source: { searchQuery: { query: "" } }, format: "eml" },
          });
          while (await runNextExport({ batchSize: 1 }));
          return (await api("GET", `${casePath(matter.id)}/exports/${created.body.id}`, { token: admin.token })).body;
        };
        const whole = await exportAll("Batches of one");
        expect(whole).toMatchObject({ status: "completed", totalItems: 6 });
        const zip = await download(admin.token, matter.id, whole.id);
        expect(verifyExportZip(zip, { publicKeyPem: installationPublicKey().publicKey })).toMatchObject({ ok: true, messages: 6 });

        const changed = await db().archivedEmail.findUniqueOrThrow({ where: { id: ids[3] } });
        await rgw
          .client()
          .send(new PutObjectCommand({ Bucket: rgw.plainBucket.bucket, Key: changed.storagePath, Body: Buffer.from("tampered") }));
        const failed = await exportAll("Changed object");
        expect(failed.status).toBe("failed");
        expect(failed.error).toContain(`Email ${ids[3]}`);
        expect(existsSync(exportDirectory(failed.id))).toBe(false);
      });
    } finally {
      await rgw.stop();
    }
  });

  it.each(["0", "3"])(
    "fails loudly, naming the email, when a stored blob does not match its hash; exports nothing corrupt (%s writer threads, batches of one)",
    SLOW,
    (threads) =>
      withEnv({ EXPORT_WRITER_THREADS: threads }, async () => {
        const admin = await setupAdmin();
        const ids = await ingest("alice@example.com", tricky);
        const corrupt = await db().archivedEmail.findUniqueOrThrow({ where: { id: ids[1] } });
        writeFileSync(path.join(dataDir(), "storage", corrupt.storagePath), Buffer.from("tampered bytes"));
        const matter = await createCaseVia(admin.token);
        const created = await api("POST", `${casePath(matter.id)}/exports`, {
          token: admin.token,
          body: { name: "Broken", source: { searchQuery: { query: "" } }, format: "eml" },
        });
        // The batch after the corrupt message's may be with the writers when that one fails: the files go once it is written.
        while (await runNextExport({ batchSize: 1 }));
        const failed = (await api("GET", `${casePath(matter.id)}/exports/${created.body.id}`, { token: admin.token })).body;
        expect(failed.status).toBe("failed");
        expect(failed.error).toContain(`Email ${ids[1]}`);
        expect((await api("GET", `${casePath(matter.id)}/exports/${created.body.id}/download`, { token: admin.token })).status).toBe(409);
        expect(existsSync(exportDirectory(created.body.id))).toBe(false);
        const audit = await db().auditLog.findFirstOrThrow({
          where: { targetId: created.body.id, actionType: "EXPORT" },
          orderBy: { id: "desc" },
        });
        expect(audit.details).toMatchObject({ phase: "failed", error: expect.stringContaining(ids[1]) });
      }),
  );

  it("restricts a restricted member's export to what they may read and says so; hides exports from non-members", SLOW, async () => {
    const admin = await setupAdmin();
    const restricted = await createUserWithRole(admin.token, reviewerPolicies({ userEmail: "alice@example.com" }));
    const outsider = await createUserWithRole(admin.token, reviewerPolicies());
    await ingest("alice@example.com", tricky.slice(0, 2));
    await ingest("bob@example.com", [tricky[2]]);
    const matter = await createCaseVia(admin.token, { memberIds: [restricted.user.id], name: "Matter" });
    const created = await api("POST", `${casePath(matter.id)}/exports`, {
      token: restricted.token,
      body: { name: "Mine", source: { searchQuery: { query: "merger" } }, format: "eml" },
    });
    expect(created.body.unrestricted).toBe(false);
    await runExports();
    const done = (await api("GET", `${casePath(matter.id)}/exports/${created.body.id}`, { token: restricted.token })).body;
    expect(done).toMatchObject({ status: "completed", totalItems: 2 });
    const zip = await download(restricted.token, matter.id, done.id);
    expect(verifyExportZip(zip).ok).toBe(true);
    expect(readFileSync(zip).toString("latin1")).toContain("RESTRICTED");
    for (const suffix of ["", "/download"]) {
      expect((await api("GET", `${casePath(matter.id)}/exports/${done.id}${suffix}`, { token: outsider.token })).status).toBe(404);
    }
    expect((await api("POST", `${casePath(matter.id)}/exports/${done.id}/cancel`, { token: outsider.token })).status).toBe(404);
    expect((await api("GET", `${casePath(matter.id)}/exports`, { token: outsider.token })).status).toBe(404);
  });

  it("answers 422, 404 and 409 on creating, cancelling and downloading", SLOW, async () => {
    const admin = await setupAdmin();
    const matter = await createCaseVia(admin.token);
    const exports = `${casePath(matter.id)}/exports`;
    for (const body of [
      {},
      { name: "x", source: {}, format: "eml" },
      { name: "x", source: { searchQuery: { query: "" } }, format: "pst" },
      { name: "", source: { tagId: GHOST }, format: "eml" },
      { name: "x", source: { tagId: GHOST, holdId: GHOST }, format: "eml" },
    ]) {
      expect((await api("POST", exports, { token: admin.token, body })).status, JSON.stringify(body)).toBe(422);
    }
    for (const source of [{ searchId: GHOST }, { holdId: GHOST }, { tagId: GHOST }]) {
      expect(
        (await api("POST", exports, { token: admin.token, body: { name: "x", source, format: "eml" } })).status,
        JSON.stringify(source),
      ).toBe(404);
    }
    const otherHold = (await api("POST", "/api/v1/enterprise/legal-holds/holds", { token: admin.token, body: { name: "Not this case's" } }))
      .body;
    expect(
      (await api("POST", exports, { token: admin.token, body: { name: "x", source: { holdId: otherHold.id }, format: "eml" } })).status,
    ).toBe(404);
    for (const suffix of ["", "/download"])
      expect((await api("GET", `${exports}/${GHOST}${suffix}`, { token: admin.token })).status).toBe(404);
    expect((await api("POST", `${exports}/${GHOST}/cancel`, { token: admin.token })).status).toBe(404);
    const queued = (
      await api("POST", exports, { token: admin.token, body: { name: "x", source: { searchQuery: { query: "" } }, format: "eml" } })
    ).body;
    const cancelled = await api("POST", `${exports}/${queued.id}/cancel`, { token: admin.token });
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    expect((await api("POST", `${exports}/${queued.id}/cancel`, { token: admin.token })).status).toBe(409);
    expect(await runNextExport()).toBe(false);
    await api("PUT", casePath(matter.id), { token: admin.token, body: { status: "closed" } });
    expect(
      (await api("POST", exports, { token: admin.token, body: { name: "late", source: { searchQuery: { query: "" } }, format: "eml" } }))
        .status,
    ).toBe(409);
  });

  it("counts creating and downloading exports against one rate limit per principal (429)", SLOW, () =>
    withEnv({ RATE_LIMIT_EXPORT: "2" }, async () => {
      const admin = await setupAdmin();
      await ingest("alice@example.com", [tricky[0]]);
      const matter = await createCaseVia(admin.token);
      const body = { name: "x", source: { searchQuery: { query: "" } }, format: "eml" };
      const created = await api("POST", `${casePath(matter.id)}/exports`, { token: admin.token, body });
      expect(created.status).toBe(202);
      await runExports();
      expect((await api("GET", `${casePath(matter.id)}/exports/${created.body.id}/download`, { token: admin.token })).status).toBe(200);
      const refused = await api("POST", `${casePath(matter.id)}/exports`, { token: admin.token, body });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await api("GET", `${casePath(matter.id)}/exports/${created.body.id}/download`, { token: admin.token })).status).toBe(429);
    }),
  );

  it("stops a running export cancelled between two batches and removes its files", SLOW, async () => {
    const admin = await setupAdmin();
    await ingestMergers(200);
    const matter = await createCaseVia(admin.token);
    const created = (
      await api("POST", `${casePath(matter.id)}/exports`, {
        token: admin.token,
        body: { name: "Cancelled", source: { searchQuery: { query: "merger" } }, format: "eml" },
      })
    ).body;
    const running = runNextExport({ batchSize: 1 });
    while ((await db().ediscoveryExport.findUniqueOrThrow({ where: { id: created.id } })).processedItems < 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const cancelled = await api("POST", `${casePath(matter.id)}/exports/${created.id}/cancel`, { token: admin.token });
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    expect(await running).toBe(true);
    const row = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ status: "cancelled", manifestSha256: null });
    expect(row.processedItems).toBeLessThan(200);
    expect(existsSync(exportDirectory(created.id))).toBe(false);
  });

  it.each(["mbox", "eml"] as const)(
    "survives a worker killed mid-export (%s): a new worker resumes it, and the manifest equals an uninterrupted one",
    SLOW,
    async (format) => {
      const admin = await setupAdmin();
      // Enough one-message batches that the worker is still running when the test sees its fifth.
      await ingestMergers(100);
      const matter = await createCaseVia(admin.token);
      const body = { source: { searchQuery: { query: "merger" } }, format };
      const reference = (await api("POST", `${casePath(matter.id)}/exports`, { token: admin.token, body: { ...body, name: "Reference" } }))
        .body;
      await runExports();
      const crashed = (await api("POST", `${casePath(matter.id)}/exports`, { token: admin.token, body: { ...body, name: "Crashed" } }))
        .body;
      const env = { ...process.env, EXPORT_BATCH_SIZE: "1", EXPORT_LEASE_SECONDS: "1" };
      const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts", "--once"], { env, stdio: "ignore" });
      for (let progress = 0; progress < 5;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        progress = (await db().ediscoveryExport.findUniqueOrThrow({ where: { id: crashed.id } })).processedItems;
      }
      worker.kill("SIGKILL");
      await new Promise((resolve) => worker.once("exit", resolve));
      const interrupted = await db().ediscoveryExport.findUniqueOrThrow({ where: { id: crashed.id } });
      expect(interrupted.status).toBe("running");
      expect(interrupted.processedItems).toBeLessThan(100);
      // What a killed worker can leave past its last recorded batch: a chunk written but not recorded, and an unfinished one.
      const chunks = path.join(exportDirectory(crashed.id), chunkDirectory(format));
      writeFileSync(path.join(chunks, "0000000100.part"), "From stale\n");
      writeFileSync(path.join(chunks, "0000000100.part.tmp"), "From unfinished\n");
      // A directory among the eml chunks (the per-message files of an export begun before chunks) is left alone.
      if (format === "eml") mkdirSync(path.join(chunks, "ab"));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const resumed = await runProcess(process.execPath, ["--import", "tsx", "scripts/worker.ts", "--once"], { EXPORT_LEASE_SECONDS: "1" });
      expect(resumed.code, resumed.stderr).toBe(0);
      const finished = (await api("GET", `${casePath(matter.id)}/exports/${crashed.id}`, { token: admin.token })).body;
      expect(finished).toMatchObject({ status: "completed", totalItems: 100, processedItems: 100 });
      const referenceDone = (await api("GET", `${casePath(matter.id)}/exports/${reference.id}`, { token: admin.token })).body;
      expect(manifestButReadme(crashed.id)).toEqual(manifestButReadme(reference.id));
      expect(finished.bytes).toBe(referenceDone.bytes);
      const zip = await download(admin.token, matter.id, crashed.id);
      expect(verifyExportZip(zip, { publicKeyPem: installationPublicKey().publicKey })).toMatchObject({ ok: true, messages: 100 });
    },
  );
});
