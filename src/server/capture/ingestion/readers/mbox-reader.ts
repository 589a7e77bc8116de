import { MAX_MESSAGE_BYTES, tooLarge, type ImportItem } from "./import-item";

const LF = 0x0a;
const CR = 0x0d;
const GT = 0x3e;
const FROM_ = Buffer.from("From ");
const LINE_FROM_ = Buffer.from("\nFrom ");
const LINE_GT = Buffer.from("\n>");

const isBlank = (line: Buffer) =>
  line.length === 0 || (line.length === 1 && line[0] === LF) || (line.length === 2 && line[0] === CR && line[1] === LF);

/** `>From `, `>>From ` … at `at`: mboxrd quoting, undone by dropping one `>`. */
function isQuotedFrom(buffer: Buffer, at: number): boolean {
  let position = at;
  while (position < buffer.length && buffer[position] === GT) position++;
  return position > at && buffer.subarray(position, position + FROM_.length).equals(FROM_);
}

/** Whether the line that ends just before `lineStart` is blank; `start` begins a line, and what came before it is `blankBeforeStart`. */
function blankLineBefore(buffer: Buffer, lineStart: number, start: number, blankBeforeStart: boolean): boolean {
  if (lineStart === start) return blankBeforeStart;
  if (lineStart - 1 === start || buffer[lineStart - 2] === LF) return true;
  return buffer[lineStart - 2] === CR && (lineStart - 2 === start || buffer[lineStart - 3] === LF);
}

/** The next line start in [from, end) whose line begins with `prefix` minus its leading LF; -1 if none. */
function nextLineStart(buffer: Buffer, prefix: Buffer, from: number, end: number): number {
  if (from === 0 && end > 0 && buffer.subarray(0, prefix.length - 1).equals(prefix.subarray(1))) return 0;
  const found = buffer.indexOf(prefix, Math.max(0, from - 1));
  return found === -1 || found + 1 >= end ? -1 : found + 1;
}

/** The message without the blank line that preceded the next separator (or ended the file). */
function withoutTrailingBlankLine(raw: Buffer): Buffer {
  const length = raw.length;
  if (length === 0 || raw[length - 1] !== LF) return raw;
  if (length === 1 || raw[length - 2] === LF) return raw.subarray(0, length - 1);
  if (raw[length - 2] === CR && (length === 2 || raw[length - 3] === LF)) return raw.subarray(0, length - 2);
  return raw;
}

class MessageCollector {
  private parts: Buffer[] = [];
  private size = 0;
  private oversized = false;
  started = false;

  /** Whole lines (or one over-long line), `>From` quoting already undone. */
  add(bytes: Buffer) {
    if (bytes.length === 0) return;
    this.started = true;
    this.size += bytes.length;
    if (this.oversized) return;
    if (this.size > MAX_MESSAGE_BYTES) {
      this.oversized = true;
      this.parts = [];
      return;
    }
    this.parts.push(bytes);
  }

  finish(path: string | undefined): ImportItem {
    const item: ImportItem = this.oversized
      ? { error: tooLarge(this.size) }
      : { raw: withoutTrailingBlankLine(Buffer.concat(this.parts)), path };
    this.parts = [];
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
    if (sawSeparator || !blank || message.started) message.add(isQuotedFrom(line, 0) ? line.subarray(1) : line);
    previousBlank = blank;
  }

  /**
   * The whole lines [start, end) after the first separator, with onLine's rules. Only lines that
   * begin with `From ` or `>` need a look, so the bytes in between are taken as they are, in spans
   * (a per-line loop over an mbox of attachments costs more than parsing its messages).
   */
  function* onLines(buffer: Buffer, start: number, end: number): Generator<ImportItem> {
    let spanStart = start;
    let fromAt = nextLineStart(buffer, LINE_FROM_, start, end);
    let quoteAt = nextLineStart(buffer, LINE_GT, start, end);
    while (fromAt !== -1 || quoteAt !== -1) {
      if (quoteAt !== -1 && (fromAt === -1 || quoteAt < fromAt)) {
        if (isQuotedFrom(buffer, quoteAt)) {
          message.add(buffer.subarray(spanStart, quoteAt));
          spanStart = quoteAt + 1;
        }
        quoteAt = nextLineStart(buffer, LINE_GT, quoteAt + 1, end);
        continue;
      }
      if (blankLineBefore(buffer, fromAt, start, previousBlank)) {
        message.add(buffer.subarray(spanStart, fromAt));
        if (message.started) yield message.finish(options.path);
        spanStart = buffer.indexOf(LF, fromAt) + 1;
      }
      fromAt = nextLineStart(buffer, LINE_FROM_, fromAt + 1, end);
    }
    message.add(buffer.subarray(spanStart, end));
    previousBlank = blankLineBefore(buffer, end, start, previousBlank);
  }

  for await (const chunk of chunks) {
    const buffer: Buffer = carry ? Buffer.concat([carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    // Up to the first separator each line is looked at: leading blank lines are skipped, other text is an error.
    for (let end = buffer.indexOf(LF, start); !sawSeparator && end !== -1; end = buffer.indexOf(LF, start)) {
      yield* onLine(buffer.subarray(start, end + 1));
      start = end + 1;
    }
    const complete = buffer.lastIndexOf(LF) + 1;
    if (sawSeparator && complete > start) {
      yield* onLines(buffer, start, complete);
      start = complete;
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
