import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { appendAuditEntry } from "./append-audit-entry";
import { neutralizedCell } from "../platform/csv/spreadsheet-safe-cell";
import { db } from "../platform/db/client";
import { toAuditLogEntry } from "./audit-log-entry";
import type { AuditLogEntry } from "./audit.responses";
import type { ExportAuditLogsQuery } from "./audit.schemas";
import { selectAuditLogBatchAfter } from "./audit.queries";
import { redactAuditEntries, type AuditReader } from "./redact-audit-entry";

/** Entries read per query: the export streams the whole matching log without holding it. */
const EXPORT_BATCH_SIZE = 1000;

/** The CSV export's columns, in order (docs/audit-log.md, "Export"). */
export const CSV_COLUMNS = [
  "id",
  "timestamp",
  "actorIdentifier",
  "actorIp",
  "actionType",
  "targetType",
  "targetId",
  "details",
  "previousHash",
  "currentHash",
] as const;

/** Every matching entry, in chain order, as the caller may see it (redacted like the list), batch by batch. */
async function* matchingEntries(reader: AuditReader, query: ExportAuditLogsQuery): AsyncGenerator<AuditLogEntry> {
  let afterId: bigint | null = null;
  for (;;) {
    const rows = await selectAuditLogBatchAfter(db(), query, afterId, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield* redactAuditEntries(reader, rows.map(toAuditLogEntry));
    afterId = rows[rows.length - 1].id;
    if (rows.length < EXPORT_BATCH_SIZE) return;
  }
}

async function* jsonLines(entries: AsyncIterable<AuditLogEntry>): AsyncGenerator<string> {
  for await (const entry of entries) yield `${JSON.stringify(entry)}\n`;
}

/**
 * CSV rows with every cell neutralized against formula injection (spreadsheet-safe-cell.ts): a failed
 * login's identifier is whatever an unauthenticated caller typed, and a spreadsheet must not run it.
 * A reader gets each value back by removing one leading single quote (docs/audit-log.md, "Export").
 */
function csvRows(entries: AsyncIterable<AuditLogEntry>): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const entry of entries) {
        yield CSV_COLUMNS.map((column) =>
          neutralizedCell(column === "details" ? JSON.stringify(entry.details ?? {}) : String(entry[column] ?? "")),
        );
      }
    })(),
  );
  return rows.pipe(stringify({ header: true, columns: [...CSV_COLUMNS] }));
}

/** A response body's chunks must be bytes; the CSV and JSON Lines writers produce text. */
async function* asBytes(text: AsyncIterable<string | Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of text) yield typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
}

/**
 * The audit log, filtered as the list is (actor, action, dates), streamed whole in chain order as
 * CSV or JSON Lines (docs/audit-log.md, "Export"). Mail the caller cannot read is redacted as in the
 * list. The export itself is audited (EXPORT on AuditLog, with its filters) before the first byte.
 */
export async function exportAuditLog(options: { reader: AuditReader; query: ExportAuditLogsQuery }): Promise<Response> {
  const { reader, query } = options;
  const { format, ...filters } = query;
  await appendAuditEntry(db(), {
    actor: reader.actor,
    actionType: "EXPORT",
    targetType: "AuditLog",
    targetId: "audit-log",
    details: { format, filters: JSON.parse(JSON.stringify(filters)) as Record<string, unknown> },
  });
  const entries = matchingEntries(reader, query);
  const text = format === "csv" ? csvRows(entries) : Readable.from(jsonLines(entries));
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return new Response(Readable.toWeb(Readable.from(asBytes(text))) as ReadableStream, {
    status: 200,
    headers: {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "content-disposition": `attachment; filename="audit-log-${stamp}.${format}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
