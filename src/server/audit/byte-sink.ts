/**
 * A reusable, growing output buffer. Verification writes each entry's canonical JSON into one of
 * these and hashes the bytes, instead of building a string per entry from ~20 pieces (V8 would
 * have to flatten that rope before hashing, which alone costs about twice the SHA-256).
 */
export class ByteSink {
  buffer: Buffer;
  length = 0;

  constructor(initialSize = 4096) {
    this.buffer = Buffer.allocUnsafe(initialSize);
  }

  /** Makes room for `count` more bytes. */
  reserve(count: number): void {
    const needed = this.length + count;
    if (needed <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < needed) size *= 2;
    const grown = Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** Appends bytes from `source`; a byte loop, because most copies are shorter than a native call costs. */
  copyFrom(source: Uint8Array, start: number, end: number): void {
    this.reserve(end - start);
    const target = this.buffer;
    let at = this.length;
    for (let index = start; index < end; index++) target[at++] = source[index];
    this.length = at;
  }

  /** Appends bytes with one native copy, for runs too long for copyFrom's loop. */
  copyNative(source: Buffer, start: number, end: number): void {
    this.reserve(end - start);
    this.length += source.copy(this.buffer, this.length, start, end);
  }

  pushByte(byte: number): void {
    if (this.length === this.buffer.length) this.reserve(1);
    this.buffer[this.length++] = byte;
  }

  /** Appends a string's UTF-8 bytes. */
  pushString(text: string): void {
    this.reserve(text.length * 3);
    this.length += this.buffer.write(text, this.length, "utf8");
  }

  /** Appends an ASCII-only string (the constant parts of the canonical JSON). */
  pushAscii(text: string): void {
    this.reserve(text.length);
    const target = this.buffer;
    let at = this.length;
    for (let index = 0; index < text.length; index++) target[at++] = text.charCodeAt(index);
    this.length = at;
  }

  bytes(): Uint8Array {
    return new Uint8Array(this.buffer.buffer, this.buffer.byteOffset, this.length);
  }
}
