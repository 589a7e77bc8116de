/**
 * One row of the verification's binary COPY, read in place from its CopyData message: field
 * offsets only, no JS values, because verifying a million entries cannot afford ten strings each.
 */
export const Column = {
  Id: 0,
  PreviousHash: 1,
  Timestamp: 2,
  ActorIdentifier: 3,
  ActorIp: 4,
  ActionType: 5,
  TargetType: 6,
  TargetId: 7,
  Details: 8,
  CurrentHash: 9,
} as const;
export type Column = (typeof Column)[keyof typeof Column];
const COLUMN_COUNT = 10;

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");

export class CopyTuple {
  chunk: Buffer = SIGNATURE;
  /** Start of each field's bytes, -1 for NULL. */
  readonly starts = new Int32Array(COLUMN_COUNT);
  readonly ends = new Int32Array(COLUMN_COUNT);

  isNull(column: Column): boolean {
    return this.starts[column] < 0;
  }

  /** A text field as a string (only for the rare messages and fallbacks). */
  text(column: Column): string | null {
    return this.isNull(column) ? null : this.chunk.toString("utf8", this.starts[column], this.ends[column]);
  }

  /** Whether a field's bytes are exactly the (one byte per character) string's; false for NULL. */
  equalsLatin1(column: Column, text: string): boolean {
    const start = this.starts[column];
    if (start < 0 || this.ends[column] - start !== text.length) return false;
    const chunk = this.chunk;
    for (let index = 0; index < text.length; index++) if (chunk[start + index] !== text.charCodeAt(index)) return false;
    return true;
  }

  /** The signed 32-bit big-endian integer at `offset` within a field. */
  int32(column: Column, offset: number): number {
    const chunk = this.chunk;
    const at = this.starts[column] + offset;
    return (chunk[at] << 24) | (chunk[at + 1] << 16) | (chunk[at + 2] << 8) | chunk[at + 3];
  }

  /** The id's decimal text. */
  idText(): string {
    return this.chunk.readBigInt64BE(this.starts[Column.Id]).toString();
  }
}

/**
 * Reads the stream of binary COPY messages: the 19-byte header (which PostgreSQL sends ahead of
 * the first row), then one tuple per message, then the -1 trailer.
 */
export class CopyTupleReader {
  private headerSeen = false;
  finished = false;

  /** Calls `onTuple` for each tuple in the message; it returns false to skip the rest of this COPY. */
  read(chunk: Buffer, tuple: CopyTuple, onTuple: (tuple: CopyTuple) => boolean): boolean {
    let at = 0;
    if (!this.headerSeen) {
      if (chunk.length < 19 || SIGNATURE.compare(chunk, 0, 11) !== 0) throw new Error("not a binary COPY stream");
      at = 19 + chunk.readInt32BE(15);
      this.headerSeen = true;
    }
    while (at < chunk.length) {
      const fields = (((chunk[at] << 24) | (chunk[at + 1] << 16)) >> 16) | 0;
      at += 2;
      if (fields === -1) {
        this.finished = true;
        return true;
      }
      if (fields !== COLUMN_COUNT) throw new Error(`expected ${COLUMN_COUNT} columns, got ${fields}`);
      tuple.chunk = chunk;
      for (let column = 0; column < COLUMN_COUNT; column++) {
        // By hand: Buffer.readInt32BE costs three times as much, eleven times per row.
        const length = (chunk[at] << 24) | (chunk[at + 1] << 16) | (chunk[at + 2] << 8) | chunk[at + 3];
        at += 4;
        tuple.starts[column] = length < 0 ? -1 : at;
        if (length > 0) at += length;
        tuple.ends[column] = at;
      }
      if (at > chunk.length) throw new Error("truncated COPY tuple");
      if (!onTuple(tuple)) return false;
    }
    return true;
  }
}
