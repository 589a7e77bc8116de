import { releaseBuffer, spansItsMemory } from "../../platform/memory/release-buffer";

/**
 * Single-instance attachments (docs/operations.md, "Storage encryption"): a raw message whose
 * attachments appear in it as base64 is stored as a skeleton, the message with each such run replaced
 * by a reference to the attachment's own blob, and rebuilt byte for byte on read. A skeleton is only
 * kept when rebuilding it gives exactly the message (checked on write); otherwise the whole message
 * is stored. Pure functions: the export writer threads load this module.
 *
 *   u32 segment count, then per segment:
 *     0  u32 length, the literal bytes
 *     1  32-byte SHA-256 of the attachment, u8 line length, u8 line end (0 CRLF, 1 LF), u32 base64 length
 */

/** Attachments smaller than this stay inside their message (a reference and a blob cost more than they save). */
export const MIN_ATTACHMENT_BYTES = 2048;
/** Line lengths and ends base64 bodies are written with: RFC 2045's 76 and the common 72 and 64, CRLF or LF. */
const LINE_LENGTHS = [76, 72, 64];
const LINE_ENDS = ["\r\n", "\n"] as const;

interface Reference {
  hash: string;
  lineLength: number;
  lineEnd: 0 | 1;
  /** Characters of the run (line ends included). */
  length: number;
}
type Segment = Buffer | Reference;

/**
 * Lines of base64 encoded per string: about 77 KB of text. Encoding a whole attachment at once made
 * one string of its full base64 size (6.7 MB for a 5 MB attachment) on top of the run itself, left
 * for V8 to collect (docs/benchmarks.md, "eDiscovery export at 1M").
 */
const LINES_PER_BLOCK = 1024;

/** `bytes` as base64 in lines of `lineLength` characters joined by `lineEnd` (no final line end). */
function wrapBase64(bytes: Buffer, lineLength: number, lineEnd: string): Buffer {
  const out = Buffer.allocUnsafe(runLength(bytes.length, lineLength, lineEnd.length));
  wrapBase64Into(bytes, lineLength, lineEnd, out, 0);
  return out;
}

/**
 * Writes `bytes` as base64 in lines of `lineLength` characters joined by `lineEnd` (no final line
 * end) into `target` from `at`; answers where it ended. Encoded a block of whole lines at a time
 * (the base64 of a block is the block's share of the whole text: a line holds a multiple of three
 * bytes), each block written once at the end of its place, then each line moved ahead to where it
 * goes and its line end set byte by byte: no string per line and one native copy per line (an
 * import wraps every attachment at least twice, and an export rebuilds every message from its runs).
 */
function wrapBase64Into(bytes: Buffer, lineLength: number, lineEnd: string, target: Buffer, at: number): number {
  const bytesPerLine = (lineLength / 4) * 3;
  const endLength = lineEnd.length;
  const first = lineEnd.charCodeAt(0);
  const second = lineEnd.charCodeAt(1);
  let out = at;
  for (let start = 0; ; start += LINES_PER_BLOCK * bytesPerLine) {
    const end = Math.min(bytes.length, start + LINES_PER_BLOCK * bytesPerLine);
    const text = bytes.toString("base64", start, end);
    const lines = Math.max(1, Math.ceil(text.length / lineLength));
    // The text sits `shift` bytes in, so that moving each line forward (in order) never overwrites a line not yet moved.
    const shift = (lines - 1) * endLength;
    target.write(text, out + shift, "latin1");
    for (let line = 0; line < lines - 1; line++) {
      const lineAt = out + line * (lineLength + endLength);
      const source = out + shift + line * lineLength;
      target.copyWithin(lineAt, source, source + lineLength);
      target[lineAt + lineLength] = first;
      if (endLength === 2) target[lineAt + lineLength + 1] = second;
    }
    out += text.length + shift;
    if (end === bytes.length) return out;
    // The block's last line is followed by the next block's first.
    target[out] = first;
    if (endLength === 2) target[out + 1] = second;
    out += endLength;
  }
}

/** The base64 run of a reference, as its message holds it. */
function runOf(reference: Reference, bytes: Buffer): Buffer {
  return wrapBase64(bytes, reference.lineLength, LINE_ENDS[reference.lineEnd]);
}

/** Characters of `bytes` bytes as base64 in lines of `lineLength` joined by line ends of `endLength`. */
function runLength(bytes: number, lineLength: number, endLength: number): number {
  const text = Math.ceil(bytes / 3) * 4;
  return text + Math.max(0, Math.ceil(text / lineLength) - 1) * endLength;
}

/**
 * Where `raw` holds `bytes` as base64 in lines of `lineLength` ended by LINE_ENDS[lineEnd], left to
 * right without overlap, exactly as `raw.indexOf(run)` repeated finds them. Only where the run's
 * first line and its line end stand is the whole run compared, and the run is built only then: an
 * attachment is usually found at its first line length and end, and each wrap costs a pass over it.
 */
function runPositions(raw: Buffer, bytes: Buffer, lineLength: number, lineEnd: 0 | 1): { positions: number[]; run: Buffer | null } {
  const end = LINE_ENDS[lineEnd];
  const length = runLength(bytes.length, lineLength, end.length);
  // lineLength is a multiple of 4: its first line is the base64 of its first lineLength / 4 * 3 bytes.
  const firstLine = bytes.subarray(0, (lineLength / 4) * 3).toString("base64");
  const probe = Buffer.from(length > firstLine.length ? firstLine + end : firstLine, "latin1");
  const positions: number[] = [];
  let run: Buffer | null = null;
  for (let at = raw.indexOf(probe); at !== -1 && raw.length - at >= length;) {
    run ??= wrapBase64(bytes, lineLength, end);
    if (raw.compare(run, 0, length, at, at + length) === 0) {
      positions.push(at);
      at = raw.indexOf(probe, at + length);
    } else at = raw.indexOf(probe, at + 1);
  }
  return { positions, run };
}

/**
 * The skeleton of `raw` with `attachments` (decoded bytes, by hash) taken out, or null when none of
 * them appears in it as base64 or the skeleton would not rebuild `raw` exactly.
 */
export function buildSkeleton(raw: Buffer, attachments: { hash: string; bytes: Buffer }[]): Buffer | null {
  const found: { at: number; reference: Reference }[] = [];
  const seen = new Set<string>();
  /** The runs found, by reference: the check below compares them with the message instead of wrapping again. */
  const runs = new Map<string, Buffer>();
  for (const attachment of attachments) {
    if (attachment.bytes.length < MIN_ATTACHMENT_BYTES || seen.has(attachment.hash)) continue;
    seen.add(attachment.hash);
    for (const lineLength of LINE_LENGTHS) {
      const matches = LINE_ENDS.flatMap((_, index) => {
        const reference: Reference = { hash: attachment.hash, lineLength, lineEnd: index as 0 | 1, length: 0 };
        const { positions, run } = runPositions(raw, attachment.bytes, lineLength, reference.lineEnd);
        if (run) runs.set(referenceKey(reference), run);
        reference.length = run?.length ?? 0;
        return positions.map((at) => ({ at, reference }));
      });
      if (matches.length > 0) {
        found.push(...matches);
        break;
      }
    }
  }
  if (found.length === 0) return null;
  found.sort((a, b) => a.at - b.at);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const { at, reference } of found) {
    if (at < cursor) continue; // overlapping runs (an attachment inside another): keep the first
    if (at > cursor) segments.push(raw.subarray(cursor, at));
    segments.push(reference);
    cursor = at + reference.length;
  }
  if (cursor < raw.length) segments.push(raw.subarray(cursor));
  const skeleton = encodeSegments(segments);
  return rebuildsExactly(skeleton, raw, runs) ? skeleton : null;
}

const referenceKey = (reference: Reference) => `${reference.hash}:${reference.lineLength}:${reference.lineEnd}`;

/**
 * Whether the skeleton, decoded as a read decodes it, stands for exactly `raw`: each literal and
 * each reference's run (`runs`, as found in `raw`) compared in place, without rebuilding the message.
 */
function rebuildsExactly(skeleton: Buffer, raw: Buffer, runs: Map<string, Buffer>): boolean {
  let at = 0;
  for (const segment of parseSegments(skeleton)) {
    const bytes = Buffer.isBuffer(segment) ? segment : runs.get(referenceKey(segment));
    if (!bytes || (!Buffer.isBuffer(segment) && bytes.length !== segment.length)) return false;
    if (at + bytes.length > raw.length || raw.compare(bytes, 0, bytes.length, at, at + bytes.length) !== 0) return false;
    at += bytes.length;
  }
  return at === raw.length;
}

function encodeSegments(segments: Segment[]): Buffer {
  const parts: Buffer[] = [u32(segments.length)];
  for (const segment of segments) {
    if (Buffer.isBuffer(segment)) {
      parts.push(Buffer.from([0]), u32(segment.length), segment);
    } else {
      parts.push(
        Buffer.from([1]),
        Buffer.from(segment.hash, "hex"),
        Buffer.from([segment.lineLength, segment.lineEnd]),
        u32(segment.length),
      );
    }
  }
  return Buffer.concat(parts);
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

/** The hashes of the attachments a skeleton refers to. */
export function skeletonReferences(skeleton: Buffer): string[] {
  return parseSegments(skeleton)
    .filter((segment): segment is Reference => !Buffer.isBuffer(segment))
    .map((segment) => segment.hash);
}

function parseSegments(skeleton: Buffer): Segment[] {
  const segments: Segment[] = [];
  const count = skeleton.readUInt32BE(0);
  let at = 4;
  for (let index = 0; index < count; index++) {
    const type = skeleton[at++];
    if (type === 0) {
      const length = skeleton.readUInt32BE(at);
      segments.push(skeleton.subarray(at + 4, at + 4 + length));
      at += 4 + length;
    } else if (type === 1) {
      const hash = skeleton.subarray(at, at + 32).toString("hex");
      segments.push({ hash, lineLength: skeleton[at + 32], lineEnd: skeleton[at + 33] as 0 | 1, length: skeleton.readUInt32BE(at + 34) });
      at += 38;
    } else {
      throw new Error(`Unknown skeleton segment type ${type}`);
    }
  }
  if (at !== skeleton.length) throw new Error("Skeleton has trailing bytes");
  return segments;
}

/**
 * Wrapped runs of attachments (a run is an attachment's base64 as a message holds it), the most
 * recently used kept within `maxBytes`: a reader that rebuilds many messages (an export) reads,
 * decrypts and encodes an attachment shared by them once, not once per message. A run is never
 * trusted for more than the bytes it stands for: every rebuilt message is still hashed by its reader.
 */
export class AttachmentRunCache {
  private readonly runs = new Map<string, Buffer>();
  private bytes = 0;
  /** Runs pushed out while a rebuild may still be copying them (releaseEvicted). */
  private evicted: Buffer[] = [];

  constructor(private readonly maxBytes: number) {}

  /** The kept run of `reference`, now the most recently used, or undefined. */
  cached(reference: Reference): Buffer | undefined {
    const key = referenceKey(reference);
    const cached = this.runs.get(key);
    if (cached) {
      // Map order is the use order: the first entry is the least recently used.
      this.runs.delete(key);
      this.runs.set(key, cached);
    }
    return cached;
  }

  /** Whether a run of `length` bytes is kept: one larger than a quarter of the bound would push out many smaller ones. */
  keeps(length: number): boolean {
    return length <= this.maxBytes / 4;
  }

  /** Keeps `run` (in memory of its own) as the most recently used, pushing out the least recently used beyond the bound. */
  keep(reference: Reference, run: Buffer): Buffer {
    const kept = ownMemory(run);
    this.runs.set(referenceKey(reference), kept);
    this.bytes += kept.length;
    for (const [oldest, bytes] of this.runs) {
      if (this.bytes <= this.maxBytes) break;
      this.runs.delete(oldest);
      this.bytes -= bytes.length;
      this.evicted.push(bytes);
    }
    return kept;
  }

  /** Releases (releaseBuffer) the runs pushed out since the last call: no rebuild may be using them any more. */
  releaseEvicted(): void {
    for (const run of this.evicted) releaseBuffer(run);
    this.evicted = [];
  }

  /** Bytes held (for tests and figures). */
  get size(): number {
    return this.bytes;
  }
}

/** `bytes` in memory of its own: a small buffer is a slice of Node's shared 8 KB pool, which keeping it would keep whole. */
function ownMemory(bytes: Buffer): Buffer {
  if (spansItsMemory(bytes)) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** How a rebuild finds its runs and where it puts the message. */
export interface RebuildOptions {
  /** Runs of attachments shared across the messages rebuilt (without it, each run is wrapped anew). */
  runs?: AttachmentRunCache;
  /**
   * A buffer the message is written into when it fits (the answer is then a view of it, valid until
   * the next rebuild into it); otherwise, and without it, a buffer of its own.
   */
  into?: Buffer;
  /**
   * The buffers `attachment` answers are the rebuild's own, read for it alone: each is released
   * (releaseBuffer) once wrapped, not left for the collector.
   */
  releaseAttachments?: boolean;
}

/** A reference whose run is not at hand: wrapped from its attachment's bytes straight into the message. */
type RunToWrap = { reference: Reference; bytes: Buffer; length: number };

/**
 * The message a skeleton stands for; `attachment(hash)` answers an attachment's decoded bytes. A run
 * the cache does not keep (none, or too large for it) is wrapped straight into the message, not into
 * a buffer of its own first: a large attachment's message then takes its decoded bytes and the
 * message's once, not a run's on top (docs/benchmarks.md, "eDiscovery export at 1M").
 */
export function rebuildMessage(skeleton: Buffer, attachment: (hash: string) => Buffer, options: RebuildOptions = {}): Buffer {
  const { runs, into, releaseAttachments } = options;
  const doneWith = (bytes: Buffer) => {
    if (releaseAttachments) releaseBuffer(bytes);
  };
  const pieces = parseSegments(skeleton).map((segment): Buffer | RunToWrap => {
    if (Buffer.isBuffer(segment)) return segment;
    const cached = runs?.cached(segment);
    if (cached) return cached;
    const bytes = attachment(segment.hash);
    const length = runLength(bytes.length, segment.lineLength, LINE_ENDS[segment.lineEnd].length);
    if (runs?.keeps(length)) {
      const kept = runs.keep(segment, runOf(segment, bytes));
      doneWith(bytes);
      return kept;
    }
    return { reference: segment, bytes, length };
  });
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const message = into && length <= into.length ? into.subarray(0, length) : Buffer.allocUnsafe(length);
  let at = 0;
  for (const piece of pieces) {
    if (Buffer.isBuffer(piece)) at += piece.copy(message, at);
    else {
      at = wrapBase64Into(piece.bytes, piece.reference.lineLength, LINE_ENDS[piece.reference.lineEnd], message, at);
      doneWith(piece.bytes);
    }
  }
  runs?.releaseEvicted();
  return message;
}
