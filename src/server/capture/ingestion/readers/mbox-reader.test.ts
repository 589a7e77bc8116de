import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildMessage, mboxOf } from "@tests/helpers/mail";
import type { ImportItem } from "./import-item";
import { readMboxMessages } from "./mbox-reader";

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function collect(bytes: Buffer, chunkSize = 64 * 1024): Promise<ImportItem[]> {
  const items: ImportItem[] = [];
  for await (const item of readMboxMessages(chunked(bytes, chunkSize))) items.push(item);
  return items;
}

const raws = (items: ImportItem[]) => items.map((item) => ("raw" in item ? item.raw.toString("latin1") : `ERROR ${item.error}`));

describe("readMboxMessages", () => {
  it("gives back each message byte for byte, whatever the chunk size", async () => {
    const messages = [
      buildMessage({ subject: "one" }),
      buildMessage({ subject: "two", body: "From the start\n>From quoted\n>>From twice" }),
      buildMessage(),
    ];
    const file = mboxOf(messages);
    for (const size of [1, 7, 4096, file.length]) {
      expect(raws(await collect(file, size))).toEqual(messages.map((message) => message.toString("latin1")));
    }
  });

  it("undoes exactly one level of >From quoting (mboxrd)", async () => {
    const file = Buffer.from("From a@b Mon Jan 1 00:00:00 2024\nSubject: x\n\n>From here\n>>From there\nnot >From mid-line\n\n");
    expect(raws(await collect(file))).toEqual(["Subject: x\n\nFrom here\n>From there\nnot >From mid-line\n"]);
  });

  it("only treats From after a blank line as a separator", async () => {
    const file = Buffer.from("From a Mon\nSubject: one\n\nbody\nFrom inside a paragraph\n\nFrom b Tue\nSubject: two\n\nbody\n");
    expect(raws(await collect(file))).toEqual(["Subject: one\n\nbody\nFrom inside a paragraph\n", "Subject: two\n\nbody\n"]);
  });

  it("handles CRLF files and drops only the one blank line before the next separator", async () => {
    const file = Buffer.from("From a\r\nSubject: one\r\n\r\nbody\r\n\r\n\r\nFrom b\r\nSubject: two\r\n\r\nlast\r\n");
    expect(raws(await collect(file))).toEqual(["Subject: one\r\n\r\nbody\r\n\r\n", "Subject: two\r\n\r\nlast\r\n"]);
  });

  it("reports text before the first separator, and a file without any, as failed items", async () => {
    expect(raws(await collect(Buffer.from("garbage\n\nFrom a\nSubject: x\n\nbody\n")))).toEqual([
      "ERROR text before the first From separator line",
      "Subject: x\n\nbody\n",
    ]);
    expect(raws(await collect(Buffer.from("Subject: not mbox\n\nbody\n")))).toEqual(["ERROR no From separator line: not an mbox file"]);
    expect(await collect(Buffer.alloc(0))).toEqual([]);
    expect(raws(await collect(Buffer.from("\n\nFrom a\n\n")))).toEqual([""]);
  });

  it("round-trips any messages, whatever their From, >From, blank and CRLF lines, at any chunk size", async () => {
    const line = fc.constantFrom(
      "From a\n",
      "From b\r\n",
      ">From x\n",
      ">>From y\n",
      "From\n",
      ">\n",
      "\n",
      "\r\n",
      "text\n",
      "x >From z\n",
      " From q\n",
      "Subject: s\n",
    );
    const message = fc.array(line, { minLength: 1, maxLength: 12 }).map((lines) => Buffer.from(`X-Head: h\n${lines.join("")}`, "latin1"));
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 64 }), async (messages, chunkSize) => {
        const expected = messages.map((raw) => raw.toString("latin1"));
        expect(raws(await collect(mboxOf(messages), chunkSize))).toEqual(
          expected.map((text) => (text.endsWith("\n") ? text : `${text}\n`)),
        );
      }),
      { numRuns: 300 },
    );
  });
});
