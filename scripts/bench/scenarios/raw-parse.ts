import { createReadStream } from "node:fs";
import { simpleParser } from "mailparser";
import { readMboxMessages } from "../../../src/server/capture/ingestion/readers/mbox-reader";

/**
 * Ingestion's ceiling: mailparser (the parser the import uses, with its options) over every message
 * of the same mbox, one at a time in one process. Only the parse is timed, not the file reading.
 */
export async function rawParse(params: { mbox: string }) {
  let messages = 0;
  let bytes = 0;
  let parseMs = 0;
  for await (const item of readMboxMessages(createReadStream(params.mbox), { path: params.mbox })) {
    if (!("raw" in item)) continue;
    const started = performance.now();
    await simpleParser(item.raw, { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true }).catch(() => undefined);
    parseMs += performance.now() - started;
    messages++;
    bytes += item.raw.length;
  }
  return { messages, bytes, seconds: parseMs / 1000, perSecond: messages / (parseMs / 1000) };
}
