import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { EdiscoveryExport } from "@/generated/prisma/client";
import { db } from "../../platform/db/client";
import { pgPool } from "../../platform/db/pg-pool";
import { exportItemsAfter } from "../exports.queries";
import { handled } from "../../platform/concurrency/handled";
import { installationPublicKey, signWithInstallationKey } from "../../platform/signing/installation-signing-key";
import {
  attachmentTextFiles,
  emlFile,
  fileManifestRow,
  loadfileHeader,
  loadfileLine,
  manifestHeader,
  manifestLine,
  MBOX_FILE,
  readme,
  type ManifestRow,
} from "./production-format";
import { fileWriter } from "./write-file-stream";
import { writePrivateFile } from "../../platform/files/private-files";
import { sha256Hex } from "../../platform/crypto/sha256";

const PAGE = 2000;

/** SHA-256 and size of a file, read as a stream. */
export async function fileDigest(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest("hex"), size };
}

/**
 * Writes manifest.csv and loadfile.dat from the export's items (in seq order, keyset pages), the
 * public key and README.txt; lists every file that is not a message in manifest.csv too (by
 * SHA-256 and size, in the zip's order: README.txt, export-key.pem, loadfile.dat, the attachment
 * texts), then writes manifest.sig (Ed25519 over manifest.csv's exact bytes). Answers the
 * manifest's SHA-256.
 */
export async function finishProduction(row: EdiscoveryExport, directory: string): Promise<string> {
  const manifest = fileWriter(path.join(directory, "manifest.csv"));
  const loadfile = fileWriter(path.join(directory, "loadfile.dat"));
  await manifest.write(manifestHeader());
  await loadfile.write(loadfileHeader());
  // The next page is asked for before this one's lines are built: the database and this thread overlap.
  let nextPage = handled(exportItemsAfter(pgPool(), row.id, 0, PAGE));
  for (;;) {
    const items = await nextPage;
    if (items.length === 0) break;
    nextPage = handled(exportItemsAfter(pgPool(), row.id, items[items.length - 1].seq, PAGE));
    // A page's lines go to each file in one write: a write per line cost more than building them.
    const manifestLines: string[] = [];
    const loadfileLines: string[] = [];
    for (const item of items) {
      const line: ManifestRow = {
        emailId: item.email_id,
        messageId: item.message_id,
        sha256: item.sha256,
        sizeBytes: item.size_bytes.toString(),
        sentAt: item.sent_at.toISOString(),
        from: item.from_address,
        to: item.to_addresses ?? "",
        cc: item.cc_addresses ?? "",
        subject: item.subject,
        mailbox: item.mailbox,
        ingestionSourceId: item.ingestion_source_id,
        file: row.format === "eml" ? emlFile(item.email_id) : MBOX_FILE,
      };
      manifestLines.push(manifestLine(line));
      loadfileLines.push(loadfileLine(item.seq, line));
    }
    await manifest.write(manifestLines.join(""));
    await loadfile.write(loadfileLines.join(""));
  }
  await loadfile.close();
  await writePrivateFile(path.join(directory, "export-key.pem"), installationPublicKey().publicKey);
  const found = await db().ediscoveryCase.findUniqueOrThrow({ where: { id: row.caseId }, select: { name: true } });
  await writePrivateFile(
    path.join(directory, "README.txt"),
    readme({
      exportName: row.name,
      caseName: found.name,
      format: row.format as "eml" | "mbox",
      totalItems: row.totalItems,
      query: row.queryUsed,
      restricted: row.scope !== null,
      completedAt: new Date(),
      includeAttachmentText: row.includeAttachmentText,
    }),
  );
  for (const file of ["README.txt", "export-key.pem", "loadfile.dat", ...(await attachmentTextFiles(directory))]) {
    const { sha256, size } = await fileDigest(path.join(directory, file));
    await manifest.write(manifestLine(fileManifestRow(file, sha256, size)));
  }
  await manifest.close();
  const manifestBytes = await readFile(path.join(directory, "manifest.csv"));
  await writePrivateFile(path.join(directory, "manifest.sig"), `${signWithInstallationKey(manifestBytes)}\n`);
  return sha256Hex(manifestBytes);
}
