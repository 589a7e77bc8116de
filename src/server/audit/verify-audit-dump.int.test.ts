import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { db, transaction } from "../platform/db/client";
import { appendAuditEntry } from "./append-audit-entry";

// docs/audit-log.md documents the dump query and the script; this runs exactly what it documents.
const repositoryRoot = path.resolve(__dirname, "../../..");
const docs = readFileSync(path.join(repositoryRoot, "docs/audit-log.md"), "utf8");
const scriptPath = path.join(repositoryRoot, "scripts/verify-audit-dump.mjs");
const dumpSql = /<<'SQL'\n([\s\S]*?)\nSQL\n/.exec(docs)?.[1];
const run = promisify(execFile);

/** What `psql -A -t` prints for the documented query: each row's json text, one per line. */
async function dumpLikePsql(): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query({ text: dumpSql!, rowMode: "array", types: { getTypeParser: () => (text: string) => text } });
    return result.rows.map((row) => `${row[0]}\n`).join("");
  } finally {
    await client.end();
  }
}

async function runScript(dump: string): Promise<{ code: number; output: string }> {
  const file = path.join(process.env.DATA_DIR!, `dump-${randomUUID()}.jsonl`);
  writeFileSync(file, dump);
  try {
    const { stdout } = await run(process.execPath, [scriptPath, file]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

beforeEach(async () => {
  // These tests play an attacker with the table owner's rights, who can switch off the
  // append-only triggers (audit-append-only.int.test.ts covers the triggers themselves).
  await db().$executeRawUnsafe("ALTER TABLE audit_logs DISABLE TRIGGER USER");
  await db().$executeRawUnsafe("TRUNCATE audit_logs RESTART IDENTITY");
  for (let index = 0; index < 8; index++) {
    await transaction((tx) =>
      appendAuditEntry(tx, {
        actor: { identifier: `user${index}@example.com`, ip: "192.0.2.30" },
        actionType: "UPDATE",
        targetType: "LegalHold",
        targetId: randomUUID(),
        details: [{}, { queryUsed: { query: "x", filters: { b: 1, a: "é\n\\" } } }, { n: [1.5, 1e21, null, true], "😀": "Ａ" }][index % 3],
      }),
    );
  }
});

describe("scripts/verify-audit-dump.mjs", () => {
  it("is printed verbatim in docs/audit-log.md next to the dump query", () => {
    expect(dumpSql).toContain("json_build_object(");
    expect(docs).toContain("```js\n" + readFileSync(scriptPath, "utf8") + "```");
  });

  it("accepts an intact dump and prints the last id and hash", async () => {
    const last = await db().auditLog.findFirstOrThrow({ orderBy: { id: "desc" } });
    const result = await runScript(await dumpLikePsql());
    expect(result).toEqual({ code: 0, output: `OK: 8 entries; last id 8, last currentHash ${last.currentHash}\n` });
  });

  it("reads the dump from stdin too", async () => {
    const dump = await dumpLikePsql();
    const child = execFile(process.execPath, [scriptPath]);
    child.stdin!.end(dump);
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    expect(output).toMatch(/^OK: 8 entries/);
  });

  it("names the altered entry", async () => {
    await db().$executeRaw`UPDATE audit_logs SET details = '{"n": [1.5]}'::jsonb WHERE id = 3`;
    expect(await runScript(await dumpLikePsql())).toEqual({
      code: 1,
      output: "BROKEN at entry 3: its contents do not match its currentHash\n",
    });
  });

  it("names the entry after a deleted one", async () => {
    await db().$executeRaw`DELETE FROM audit_logs WHERE id = 4`;
    expect(await runScript(await dumpLikePsql())).toEqual({
      code: 1,
      output: "BROKEN at entry 5: its previousHash does not match the entry before it\n",
    });
  });
});
