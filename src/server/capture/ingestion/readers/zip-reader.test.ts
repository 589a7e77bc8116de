import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildMessage, zipOf } from "@tests/helpers/mail";
import type { ImportItem } from "./import-item";
import { readZipMessages } from "./zip-reader";

async function itemsOf(zip: Buffer): Promise<ImportItem[]> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "zip-reader-")), "upload.zip");
  await writeFile(file, zip);
  const items: ImportItem[] = [];
  for await (const item of readZipMessages(file)) items.push(item);
  return items;
}

describe("readZipMessages", () => {
  it("says how many entries were left unread when the zip directory breaks off", async () => {
    const zip = await zipOf(
      Array.from({ length: 5 }, (_, index) => ({ name: `m${index}.eml`, bytes: buildMessage({ subject: `m${index}` }) })),
    );
    const records: number[] = [];
    for (let at = zip.indexOf("PK\u0001\u0002"); at !== -1; at = zip.indexOf("PK\u0001\u0002", at + 1)) records.push(at);
    expect(records).toHaveLength(5);
    zip.write("XX", records[2], "latin1");
    const items = await itemsOf(zip);
    expect(items.map((item) => ("raw" in item ? "raw" : item.error))).toEqual([
      "raw",
      "raw",
      expect.stringMatching(/^zip file ends unexpectedly \(3 of 5 entries unread\): invalid central directory file header signature/),
    ]);
  });
});
