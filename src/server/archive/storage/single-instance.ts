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

function wrapBase64(bytes: Buffer, lineLength: number, lineEnd: string): Buffer {
  return wrapText(bytes.toString("base64"), lineLength, lineEnd);
}

function wrapText(text: string, lineLength: number, lineEnd: string): Buffer {
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += lineLength) lines.push(text.slice(at, at + lineLength));
  return Buffer.from(lines.join(lineEnd), "latin1");
}

/** The base64 run of a reference, as its message holds it. */
function runOf(reference: Reference, bytes: Buffer): Buffer {
  return wrapBase64(bytes, reference.lineLength, LINE_ENDS[reference.lineEnd]);
}

/**
 * The skeleton of `raw` with `attachments` (decoded bytes, by hash) taken out, or null when none of
 * them appears in it as base64 or the skeleton would not rebuild `raw` exactly.
 */
export function buildSkeleton(raw: Buffer, attachments: { hash: string; bytes: Buffer }[]): Buffer | null {
  const found: { at: number; reference: Reference }[] = [];
  const seen = new Set<string>();
  for (const attachment of attachments) {
    if (attachment.bytes.length < MIN_ATTACHMENT_BYTES || seen.has(attachment.hash)) continue;
    seen.add(attachment.hash);
    // Encoded once; a run is only built for a line layout whose first line (and its end) the message holds.
    const text = attachment.bytes.toString("base64");
    for (const lineLength of LINE_LENGTHS) {
      const matches = LINE_ENDS.flatMap((lineEnd, index) => {
        if (raw.indexOf(text.slice(0, lineLength) + lineEnd, 0, "latin1") === -1) return [];
        const run = wrapText(text, lineLength, lineEnd);
        const positions: { at: number; reference: Reference }[] = [];
        for (let at = raw.indexOf(run); at !== -1; at = raw.indexOf(run, at + run.length)) {
          positions.push({ at, reference: { hash: attachment.hash, lineLength, lineEnd: index as 0 | 1, length: run.length } });
        }
        return positions;
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
  const byHash = new Map(attachments.map((attachment) => [attachment.hash, attachment.bytes]));
  const rebuilt = rebuildMessage(skeleton, (hash) => byHash.get(hash)!);
  return rebuilt.equals(raw) ? skeleton : null;
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

/** The message a skeleton stands for; `attachment(hash)` answers an attachment's decoded bytes. */
export function rebuildMessage(skeleton: Buffer, attachment: (hash: string) => Buffer): Buffer {
  return Buffer.concat(
    parseSegments(skeleton).map((segment) => (Buffer.isBuffer(segment) ? segment : runOf(segment, attachment(segment.hash)))),
  );
}
