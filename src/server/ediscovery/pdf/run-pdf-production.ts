import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import type { EdiscoveryExport } from "@/generated/prisma/client";
import { appendAuditEntry, systemActor } from "../../audit/append-audit-entry";
import { blobStore } from "../../archive/storage/blob-store-factory";
import { makePrivateDirectory, writePrivateFile } from "../../platform/files/private-files";
import { config } from "../../platform/config/env";
import { db, transaction } from "../../platform/db/client";
import { pgPool } from "../../platform/db/pg-pool";
import { installationPublicKey, signWithInstallationKey } from "../../platform/signing/installation-signing-key";
import { exportItemsAfter, type ExportItem } from "../exports.queries";
import { verified } from "../export/export-writer";
import { fileManifestRow, manifestHeader, manifestLine } from "../export/production-format";
import { fileWriter } from "../export/write-file-stream";
import { fileDigest } from "../export/finish-production";
import { handled } from "../../platform/concurrency/handled";
import { ChromiumRenderer } from "./chromium-renderer";
import { emailDocument, slipSheet, type DocumentPart } from "./email-document";
import {
  OPT_FILE,
  optLines,
  pdfFile,
  pdfLoadfileHeader,
  pdfLoadfileLine,
  PRIVILEGE_LOG_FILE,
  privilegeLogHeader,
  privilegeLogLine,
  textFile,
  type ProducedDocument,
} from "./load-files";
import { assemblePdfs } from "./pdf-pages";
import { numberPages, type NumberSlots, type StampSettings } from "./bates-stamps";
import { allocateBates, attachmentTexts, existingTagIds, recordRenderProgress, withheldEmails } from "./pdf-production.queries";
import { pdfReadme } from "./pdf-readme";
import { batesNumber, type ProductionSettings } from "./production-settings";
import { Redactor } from "./redactor";
import { productionSettingsSchema } from "../ediscovery.schemas";
import { parseStoredJson } from "../../platform/validation/stored-json";
import { sha256Hex } from "../../platform/crypto/sha256";

/**
 * Emails laid out in one Chromium print: a print costs Chromium far more than the pages it holds
 * (docs/ediscovery.md, "Speed"). A batch's emails are held in memory together, so a batch also ends
 * once its emails' stored bytes reach BATCH_BYTES. Progress (and the lease) is recorded after each.
 */
const BATCH = 25;
const BATCH_BYTES = 16 * 1024 * 1024;
/** Documents numbered between two lease renewals: well within EXPORT_LEASE_SECONDS even at a few a second. */
const NUMBERED_PER_RENEWAL = 20;
/**
 * Batches rendered at once (each in its own Chromium tab): while Chromium lays one out, this
 * thread reads, cuts and writes another.
 */
const IN_FLIGHT = 2;
const VOLUME = "VOL001";
const actor = systemActor("worker");

/** A document numbered and stamped: its PDF's SHA-256 and size for the manifest. */
type StampedDocument = ProducedDocument & RenderedEmail & { pdfSha256: string; pdfSize: number };

/** An email rendered but not yet numbered: its PDF (placeholders where the numbers go) and text wait under work/<seq>. */
interface RenderedEmail extends Omit<ProducedDocument, "begBates" | "endBates" | "pageNumbers"> {
  slots: NumberSlots;
  seq: number;
  emailId: string;
  messageId: string;
  mailbox: string;
  ingestionSourceId: string;
  pages: number;
}

export type PdfOutcome = { manifestSha256: string } | "released" | "lost";

/**
 * What a production keeps of each email between its phases waits in work/, one JSON line per email
 * in the production's order: rendered (before the Bates range is known), then numbered. So the
 * worker's memory does not grow with the production (a record is a few KB with its page numbers;
 * held for 100,000 emails, they took the worker from 321 to 698 MB).
 */
const RENDERED_RECORDS = "rendered.jsonl";
const STAMPED_RECORDS = "stamped.jsonl";

function recordWriter<T>(file: string): { write: (record: T) => Promise<void>; close: () => Promise<void> } {
  const writer = fileWriter(file);
  return { write: (record) => writer.write(`${JSON.stringify(record)}\n`), close: writer.close };
}

/** A record file's records in order, their dates revived (JSON writes `sentAt` as its ISO text). */
async function* readRecords<T extends { sentAt: Date }>(file: string): AsyncGenerator<T> {
  for await (const line of createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity })) {
    const record = JSON.parse(line) as T;
    yield { ...record, sentAt: new Date(record.sentAt) };
  }
}

/** What the README says of the documents produced, counted as they are numbered. */
interface ProducedSummary {
  documents: number;
  withheld: number;
  pages: number;
  batesBegin: string | null;
  batesEnd: string | null;
}

/**
 * Runs a PDF production (docs/ediscovery.md, "PDF productions"): renders every email of the fixed
 * set (or a withheld email's slip-sheet) into a PDF stamped but for its Bates numbers, takes the
 * production's Bates range from the case once the pages are counted, writes each page's number,
 * and writes the load files, the privilege log and the signed manifest. A production taken over by
 * another worker renders again from its first email (a Bates range already taken is kept).
 */
export async function runPdfProduction(
  row: EdiscoveryExport,
  directory: string,
  workerId: string,
  signal?: AbortSignal,
): Promise<PdfOutcome> {
  const settings = parseStoredJson(productionSettingsSchema, row.production, "ediscovery_exports.production");
  const redactor = new Redactor(settings.redact);
  const tagIds = settings.withhold.tags.map((tag) => tag.id);
  const existing = await existingTagIds(pgPool(), tagIds);
  const deleted = settings.withhold.tags.filter((tag) => !existing.includes(tag.id));
  if (deleted.length > 0)
    throw new Error(
      `withheld tag(s) ${deleted.map((tag) => JSON.stringify(tag.name)).join(", ")} were deleted since the production was created`,
    );

  const work = path.join(directory, "work");
  for (const sub of ["work", "pdf", "text"]) await rm(path.join(directory, sub), { recursive: true, force: true });
  for (const sub of [work, path.join(directory, "pdf"), path.join(directory, "text")]) await makePrivateDirectory(sub);

  const stamp: StampSettings = {
    placeholder: batesNumber(settings.bates, 0),
    endorsement: settings.endorsement,
    producedAt: new Date(),
  };
  const renderer = await ChromiumRenderer.start(config.exportChromiumPath, IN_FLIGHT);
  const rendered = recordWriter<RenderedEmail>(path.join(work, RENDERED_RECORDS));
  let bytes = 0;
  let pages = 0;
  const inFlight: { last: number; done: Promise<{ rendered: RenderedEmail; size: number }[]> }[] = [];
  // The oldest batch in flight, taken in order; then its progress (and the lease) is recorded.
  const settleOldest = async () => {
    const batch = inFlight.shift()!;
    for (const email of await batch.done) {
      bytes += email.size;
      pages += email.rendered.pages;
      await rendered.write(email.rendered);
    }
    return recordRenderProgress(pgPool(), row.id, workerId, batch.last, bytes);
  };
  try {
    for (let after = 0; ;) {
      const items = await exportItemsAfter(pgPool(), row.id, after, BATCH);
      if (items.length === 0) break;
      const emailIds = items.map((item) => item.email_id);
      const [withheld, texts] = await Promise.all([withheldEmails(pgPool(), emailIds, tagIds), attachmentTexts(pgPool(), emailIds)]);
      if (signal?.aborted) return "released";
      for (const batch of batchesBySize(items)) {
        const emails = batch.map((item) => {
          // The first of the request's withholding tags the email carries is its privilege basis.
          const basis = settings.withhold.tags.find((tag) =>
            withheld.some((pair) => pair.email_id === item.email_id && pair.tag_id === tag.id),
          );
          return { item, withheldFor: basis?.name ?? null, attachmentTexts: texts.filter((text) => text.email_id === item.email_id) };
        });
        inFlight.push({ last: batch[batch.length - 1].seq, done: handled(renderBatch(emails, { redactor, renderer, work, stamp })) });
        if (inFlight.length >= IN_FLIGHT && !(await settleOldest())) return "lost";
      }
      after = items[items.length - 1].seq;
    }
    while (inFlight.length > 0) if (!(await settleOldest())) return "lost";
  } finally {
    // Nothing of this run writes under work/ once it has returned (another worker may take the production over).
    await Promise.allSettled(inFlight.map((batch) => batch.done));
    await renderer.close();
    await rendered.close();
  }

  const first = pages === 0 ? null : await takeBatesRange(row, settings, workerId, pages);
  if (first === undefined) return "lost";
  const renewLease = () => recordRenderProgress(pgPool(), row.id, workerId, row.totalItems, bytes);
  const produced = await stampAll(readRecords<RenderedEmail>(path.join(work, RENDERED_RECORDS)), {
    settings,
    first: first ?? 0,
    directory,
    work,
    placeholder: stamp.placeholder,
    renewLease,
  });
  if (!produced) return "lost";
  const stamped = () => readRecords<StampedDocument>(path.join(work, STAMPED_RECORDS));
  const manifestSha256 = await finishPdfProduction(row, settings, directory, { stamped, summary: produced }, redactor);
  await rm(work, { recursive: true, force: true });
  return { manifestSha256 };
}

/** Consecutive items in batches of at most BATCH_BYTES of stored bytes (a larger email is a batch of its own). */
function batchesBySize(items: ExportItem[]): ExportItem[][] {
  const batches: ExportItem[][] = [];
  let size = Infinity;
  for (const item of items) {
    const itemSize = Number(item.size_bytes);
    if (size + itemSize > BATCH_BYTES) {
      batches.push([]);
      size = 0;
    }
    batches[batches.length - 1].push(item);
    size += itemSize;
  }
  return batches;
}

interface EmailToRender {
  item: ExportItem;
  withheldFor: string | null;
  attachmentTexts: { hash_sha256: string; extracted_text: string | null }[];
}

/** Renders a batch of emails (one Chromium print for all of them) and leaves each one's PDF, not yet numbered, and text under work/<seq>. */
async function renderBatch(
  emails: EmailToRender[],
  options: { redactor: Redactor; renderer: ChromiumRenderer; work: string; stamp: StampSettings },
): Promise<{ rendered: RenderedEmail; size: number }[]> {
  const prepared: Awaited<ReturnType<typeof emailPages>>[] = [];
  for (const email of emails) prepared.push(await emailPages(email, options.redactor));
  const pdfs = await assemblePdfs(
    prepared.map((email) => email.parts),
    options.renderer,
    options.stamp,
  );
  const done: { rendered: RenderedEmail; size: number }[] = [];
  for (const [index, email] of prepared.entries()) {
    const pdf = pdfs[index];
    await writePrivateFile(path.join(options.work, `${email.rendered.seq}.pdf`), pdf.bytes);
    await writePrivateFile(path.join(options.work, `${email.rendered.seq}.txt`), email.text);
    done.push({ size: pdf.bytes.length, rendered: { ...email.rendered, pages: pdf.pages, slots: pdf.slots } });
  }
  return done;
}

/** An email's parts to lay out (a slip-sheet alone when it is withheld), its text and its redacted metadata. */
async function emailPages(
  options: EmailToRender,
  redactor: Redactor,
): Promise<{ parts: DocumentPart[]; text: string; rendered: Omit<RenderedEmail, "pages" | "slots"> }> {
  const { item } = options;
  const raw = verified(item, await blobStore().get(item.storage_path));
  const document = await emailDocument({
    raw,
    sentAt: item.sent_at,
    attachmentTexts: options.attachmentTexts.map((text) => ({ hashSha256: text.hash_sha256, extractedText: text.extracted_text })),
    redactor,
  });
  let parts = document.parts;
  let text = document.text;
  if (options.withheldFor !== null) {
    // Nothing of a withheld email's content is laid out: one slip-sheet page, and its row in the privilege log.
    const basis = redactor.html(options.withheldFor);
    parts = [{ kind: "html", body: slipSheet(`Withheld: ${basis}`, ["Listed in privilege-log.csv under this page's Bates number."]) }];
    text = `Withheld: ${redactor.text(options.withheldFor)}\n`;
  }
  return {
    parts,
    text,
    rendered: {
      seq: item.seq,
      emailId: item.email_id,
      messageId: redactor.text(item.message_id),
      mailbox: redactor.text(item.mailbox),
      ingestionSourceId: item.ingestion_source_id,
      custodian: redactor.text(item.mailbox),
      from: document.from,
      to: document.to,
      cc: document.cc,
      bcc: document.bcc,
      subject: document.subject,
      sentAt: item.sent_at,
      filename: `${item.email_id}.eml`,
      md5: createHash("md5").update(raw).digest("hex"),
      withheldFor: options.withheldFor === null ? null : redactor.text(options.withheldFor),
      sha256: item.sha256,
    },
  };
}

/** The production's first Bates number (taken now, or earlier by a worker that died); undefined when the export is no longer this worker's. */
async function takeBatesRange(
  row: EdiscoveryExport,
  settings: ProductionSettings,
  workerId: string,
  pages: number,
): Promise<number | undefined> {
  return transaction(async (tx) => {
    const taken = await allocateBates(tx, { exportId: row.id, caseId: row.caseId, workerId, start: settings.bates.start, pages });
    if (!taken) return undefined;
    const last = taken.first + pages - 1;
    if (String(last).length > settings.bates.digits)
      throw new Error(`Bates number ${last} needs more than the production's ${settings.bates.digits} digits`);
    if (taken.taken)
      await appendAuditEntry(tx, {
        actor,
        actionType: "EXPORT",
        targetType: "EdiscoveryExport",
        targetId: row.id,
        details: {
          phase: "bates",
          caseId: row.caseId,
          batesBegin: batesNumber(settings.bates, taken.first),
          batesEnd: batesNumber(settings.bates, last),
          pages,
        },
      });
    return taken.first;
  });
}

/**
 * Writes each email's page numbers over its placeholders and moves its PDF and text to their Bates
 * names, keeping each numbered document's record (STAMPED_RECORDS), renewing the lease every
 * NUMBERED_PER_RENEWAL documents; null when the export is no longer this worker's.
 */
async function stampAll(
  rendered: AsyncIterable<RenderedEmail>,
  options: {
    settings: ProductionSettings;
    first: number;
    directory: string;
    work: string;
    placeholder: string;
    renewLease: () => Promise<boolean>;
  },
): Promise<ProducedSummary | null> {
  const summary: ProducedSummary = { documents: 0, withheld: 0, pages: 0, batesBegin: null, batesEnd: null };
  const stamped = recordWriter<StampedDocument>(path.join(options.work, STAMPED_RECORDS));
  try {
    let next = options.first;
    for await (const email of rendered) {
      if (summary.documents % NUMBERED_PER_RENEWAL === NUMBERED_PER_RENEWAL - 1 && !(await options.renewLease())) return null;
      const pageNumbers = Array.from({ length: email.pages }, (_, index) => batesNumber(options.settings.bates, next + index));
      next += email.pages;
      const pdf = numberPages(await readFile(path.join(options.work, `${email.seq}.pdf`)), email.slots, pageNumbers, options.placeholder);
      const document = {
        ...email,
        pageNumbers,
        begBates: pageNumbers[0],
        endBates: pageNumbers[pageNumbers.length - 1],
        // The manifest's hash and size of the file, taken from the bytes written (not read back later).
        pdfSha256: sha256Hex(pdf),
        pdfSize: pdf.length,
      };
      await writePrivateFile(path.join(options.directory, pdfFile(document.begBates)), pdf);
      await rename(path.join(options.work, `${email.seq}.txt`), path.join(options.directory, textFile(document.begBates)));
      await stamped.write(document);
      summary.documents += 1;
      if (document.withheldFor !== null) summary.withheld += 1;
      summary.pages += pageNumbers.length;
      summary.batesBegin ??= document.begBates;
      summary.batesEnd = document.endBates;
    }
  } finally {
    await stamped.close();
  }
  return summary;
}

/**
 * Writes loadfile.dat, loadfile.opt, privilege-log.csv, export-key.pem, README.txt and manifest.csv
 * (one row per produced PDF, its email's metadata redacted, then one row per other file, in the
 * zip's order), and signs the manifest. Answers its SHA-256.
 */
async function finishPdfProduction(
  row: EdiscoveryExport,
  settings: ProductionSettings,
  directory: string,
  documents: { stamped: () => AsyncIterable<StampedDocument>; summary: ProducedSummary },
  redactor: Redactor,
): Promise<string> {
  const dat = fileWriter(path.join(directory, "loadfile.dat"));
  const opt = fileWriter(path.join(directory, OPT_FILE));
  const log = fileWriter(path.join(directory, PRIVILEGE_LOG_FILE));
  const manifest = fileWriter(path.join(directory, "manifest.csv"));
  await dat.write(pdfLoadfileHeader());
  await log.write(privilegeLogHeader());
  await manifest.write(manifestHeader());
  for await (const document of documents.stamped()) {
    await dat.write(pdfLoadfileLine(document));
    await opt.write(optLines(document, VOLUME));
    if (document.withheldFor !== null) await log.write(privilegeLogLine(document));
    await manifest.write(
      manifestLine({
        emailId: document.emailId,
        messageId: document.messageId,
        sha256: document.pdfSha256,
        sizeBytes: String(document.pdfSize),
        sentAt: document.sentAt.toISOString(),
        from: document.from,
        to: document.to,
        cc: document.cc,
        subject: document.subject,
        mailbox: document.mailbox,
        ingestionSourceId: document.ingestionSourceId,
        file: pdfFile(document.begBates),
      }),
    );
  }
  await Promise.all([dat.close(), opt.close(), log.close()]);
  await writePrivateFile(path.join(directory, "export-key.pem"), installationPublicKey().publicKey);
  const found = await db().ediscoveryCase.findUniqueOrThrow({ where: { id: row.caseId }, select: { name: true } });
  await writePrivateFile(
    path.join(directory, "README.txt"),
    pdfReadme({
      exportName: redactor.text(row.name),
      caseName: redactor.text(found.name),
      settings,
      ...documents.summary,
      restricted: row.scope !== null,
      completedAt: new Date(),
    }),
  );
  const listFile = async (file: string) => {
    const { sha256, size } = await fileDigest(path.join(directory, file));
    await manifest.write(manifestLine(fileManifestRow(file, sha256, size)));
  };
  for (const file of ["README.txt", "export-key.pem", "loadfile.dat"]) await listFile(file);
  for await (const document of documents.stamped()) await listFile(textFile(document.begBates));
  for (const file of [OPT_FILE, PRIVILEGE_LOG_FILE]) await listFile(file);
  await manifest.close();
  const manifestBytes = await readFile(path.join(directory, "manifest.csv"));
  await writePrivateFile(path.join(directory, "manifest.sig"), `${signWithInstallationKey(manifestBytes)}\n`);
  return sha256Hex(manifestBytes);
}
