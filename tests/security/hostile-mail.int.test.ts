import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dataDir } from "../../src/server/config/env";
import { db } from "../../src/server/db/client";
import { setupAdmin } from "../helpers/auth";
import { buildMessage, mboxOf, zipOf } from "../helpers/mail";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api } from "../helpers/rest-client";

useEmptyDatabasePerTest();

async function upload(token: string, contentType: string, bytes: Buffer) {
  const source = await api("POST", "/v1/ingestion-sources", { token, body: { name: `Hostile ${Math.random()}`, provider: "upload" } });
  return api("POST", `/v1/ingestion-sources/${source.body.id}/import?userEmail=victim@example.com`, {
    token,
    rawBody: new Uint8Array(bytes),
    headers: { "content-type": contentType },
  });
}

/** 300 MB of zeros deflate to well under 1 MB. */
const zipBomb = () =>
  zipOf([
    { name: "bomb.eml", bytes: Buffer.alloc(300 * 1024 * 1024) },
    { name: "fine.eml", bytes: buildMessage({ subject: "after the bomb" }) },
  ]);

function nestedMultipart(depth: number): Buffer {
  let body = "Content-Type: text/plain\r\n\r\ninnermost\r\n";
  for (let level = 0; level < depth; level++) {
    const boundary = `b${level}`;
    body = `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\n${body}--${boundary}--\r\n`;
  }
  return Buffer.from(`From: a@example.com\r\nSubject: nested\r\nMIME-Version: 1.0\r\n${body}`);
}

function manyParts(count: number): Buffer {
  const parts = Array.from(
    { length: count },
    (_, index) =>
      `--x\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="p${index}.bin"\r\n\r\n${index}\r\n`,
  );
  return Buffer.from(
    `From: a@example.com\r\nSubject: parts\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n${parts.join("")}--x--\r\n`,
  );
}

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
    expect(entries.filter((entry) => !/^(storage|tmp|\.auth-secret|encryption\.key)(\/|$)/.test(String(entry)))).toEqual([]);
    const stored = entries.filter((entry) => String(entry).startsWith("storage/sha256/") && String(entry).split("/").length === 5);
    for (const entry of stored) expect(path.basename(String(entry))).toMatch(/^[0-9a-f]{64}$/);
  }, 180_000);
});
