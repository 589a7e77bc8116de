import { MAX_MESSAGE_BYTES, tooLarge, type ImportItem } from "./import-item";

const LF = 0x0a;
const CR = 0x0d;
const FROM_ = Buffer.from("From ");

const isBlank = (line: Buffer) => line.length === 0 || (line.length === 1 && line[0] === LF) || (line.length === 2 && line[0] === CR && line[1] === LF);

/** `>From `, `>>From ` …: mboxrd quoting, undone by dropping one `>`. */
function isQuotedFrom(line: Buffer): boolean {
  let position = 0;
  while (position < line.length && line[position] === 0x3e) position++;
  return position > 0 && line.subarray(position, position + FROM_.length).equals(FROM_);
}

class MessageCollector {
  private lines: Buffer[] = [];
  private size = 0;
  private oversized = false;
  started = false;

  add(line: Buffer) {
    this.started = true;
    if (this.oversized) {
      this.size += line.length;
      return;
    }
    const unquoted = isQuotedFrom(line) ? line.subarray(1) : line;
    this.size += unquoted.length;
    if (this.size > MAX_MESSAGE_BYTES) {
      this.oversized = true;
      this.lines = [];
      return;
    }
    this.lines.push(unquoted);
  }

  /** The message without the blank line that precedes the next separator (or ends the file). */
  finish(path: string | undefined): ImportItem {
    const lines = this.lines;
    if (!this.oversized && lines.length > 0 && isBlank(lines[lines.length - 1])) lines.pop();
    const item: ImportItem = this.oversized ? { error: tooLarge(this.size) } : { raw: Buffer.concat(lines), path };
    this.lines = [];
    this.size = 0;
    this.oversized = false;
    this.started = false;
    return item;
  }
}

/**
 * Splits an mbox stream (mboxrd) into messages without holding more than one message in memory:
 * a line starting with `From ` at the start of the file or after a blank line separates messages;
 * the separator line itself is not part of the message; `>From ` quoting is undone. Text before
 * the first separator is reported as a message that cannot be read.
 */
export async function* readMboxMessages(chunks: AsyncIterable<Uint8Array>, options: { path?: string } = {}): AsyncGenerator<ImportItem> {
  const message = new MessageCollector();
  let carry: Buffer | null = null;
  let previousBlank = true;
  let sawSeparator = false;
  function* onLine(line: Buffer): Generator<ImportItem> {
    const blank = isBlank(line);
    if (previousBlank && line.subarray(0, FROM_.length).equals(FROM_)) {
      if (message.started) {
        const item = message.finish(options.path);
        yield sawSeparator ? item : { error: "text before the first From separator line" };
      }
      sawSeparator = true;
      previousBlank = false;
      return;
    }
    if (sawSeparator || !blank || message.started) message.add(line);
    previousBlank = blank;
  }
  for await (const chunk of chunks) {
    const buffer: Buffer = carry ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let end = buffer.indexOf(LF, start); end !== -1; end = buffer.indexOf(LF, start)) {
      yield* onLine(buffer.subarray(start, end + 1));
      start = end + 1;
    }
    carry = start < buffer.length ? Buffer.from(buffer.subarray(start)) : null;
    // A line longer than a message may be cannot grow the carry without bound.
    if (carry && carry.length > MAX_MESSAGE_BYTES) {
      yield* onLine(carry);
      carry = null;
    }
  }
  if (carry) yield* onLine(carry);
  if (message.started) {
    const item = message.finish(options.path);
    yield sawSeparator ? item : { error: "no From separator line: not an mbox file" };
  }
}
