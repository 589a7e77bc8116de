import { Readable } from "node:stream";
import yazl from "yazl";
import { ZIP_ENTRY_MODE } from "../../scripts/verify-export.mjs";

/**
 * Reading and rewriting production zips to forge them (the verifier's tests). Independent of the
 * verifier's own parser: it trusts the end records and the central directory, as lenient readers do.
 */

export interface ZipFileEntry {
  name: string;
  data: Buffer;
}

export interface ZipEntryLayout {
  name: string;
  /** Offset of the local header, of its central directory record, of the data. */
  local: number;
  central: number;
  data: number;
  size: number;
  zip64: boolean;
}

export interface ZipLayout {
  entries: ZipEntryLayout[];
  cdOffset: number;
  /** Where the end records start: the ZIP64 record when there is one, else the end of central directory record. */
  endRecordsAt: number;
  /** Offset of the end of central directory record, and of the ZIP64 locator (-1 without). */
  endAt: number;
  locatorAt: number;
  mtime: Date;
}

/** The layout of a zip whose end of central directory record is its last 22 bytes. */
export function zipLayout(zip: Buffer): ZipLayout {
  const endAt = zip.length - 22;
  let [count, cdOffset] = [zip.readUInt16LE(endAt + 10), zip.readUInt32LE(endAt + 16)];
  let [locatorAt, endRecordsAt] = [-1, endAt];
  if (count === 0xffff) {
    locatorAt = endAt - 20;
    endRecordsAt = Number(zip.readBigUInt64LE(locatorAt + 8));
    count = Number(zip.readBigUInt64LE(endRecordsAt + 32));
    cdOffset = Number(zip.readBigUInt64LE(endRecordsAt + 48));
  }
  const entries: ZipEntryLayout[] = [];
  let mtime = new Date(0);
  for (let at = cdOffset, n = 0; n < count; n++) {
    const [nameLength, extraLength, commentLength] = [zip.readUInt16LE(at + 28), zip.readUInt16LE(at + 30), zip.readUInt16LE(at + 32)];
    let [size, local] = [zip.readUInt32LE(at + 20), zip.readUInt32LE(at + 42)];
    const zip64 = size === 0xffffffff;
    for (let e = at + 46 + nameLength; e < at + 46 + nameLength + extraLength; e += 4 + zip.readUInt16LE(e + 2)) {
      if (zip.readUInt16LE(e) === 0x5455) mtime = new Date(zip.readUInt32LE(e + 5) * 1000);
      if (zip.readUInt16LE(e) === 0x0001) [size, local] = [Number(zip.readBigUInt64LE(e + 12)), Number(zip.readBigUInt64LE(e + 20))];
    }
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({ name, local, central: at, data, size, zip64 });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, cdOffset, endRecordsAt, endAt, locatorAt, mtime };
}

/** The files of a zip, in order. */
export function zipFiles(zip: Buffer): ZipFileEntry[] {
  return zipLayout(zip).entries.map((entry) => ({
    name: entry.name,
    data: Buffer.from(zip.subarray(entry.data, entry.data + entry.size)),
  }));
}

/**
 * A zip of `files` in the archive's layout (productionZip: yazl, stored, data descriptors, one
 * modification time, the production's file mode); ZIP64 records throughout with `zip64`.
 */
export async function writeZip(files: ZipFileEntry[], options: { mtime: Date; zip64?: boolean }): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    zip.addReadStream(Readable.from(file.data.length > 0 ? [file.data] : []), file.name, {
      compress: false,
      mtime: options.mtime,
      mode: ZIP_ENTRY_MODE,
      forceZip64Format: options.zip64 ?? false,
    });
  }
  zip.end({ forceZip64Format: options.zip64 ?? false });
  return Buffer.concat(await (zip.outputStream as Readable).toArray());
}

/** `zip` with the entry named `from` renamed to `to` (the same length in UTF-8) in its local header and central directory record. */
export function renameInPlace(zip: Buffer, from: string, to: string, where: { local?: boolean; central?: boolean } = {}): Buffer {
  const [source, target] = [Buffer.from(from), Buffer.from(to)];
  if (source.length !== target.length) throw new Error("renameInPlace keeps the name's length");
  const copy = Buffer.from(zip);
  const entry = zipLayout(zip).entries.find((candidate) => candidate.name === from);
  if (!entry) throw new Error(`no entry ${from}`);
  if (where.local ?? true) target.copy(copy, entry.local + 30);
  if (where.central ?? true) target.copy(copy, entry.central + 46);
  return copy;
}

/** `zip` with `prefix` before it and every offset moved by its length (what a self-extracting archive does). */
export function prefixed(zip: Buffer, prefix: Buffer): Buffer {
  const layout = zipLayout(zip);
  const copy = Buffer.concat([prefix, zip]);
  for (const entry of layout.entries) copy.writeUInt32LE(entry.local + prefix.length, prefix.length + entry.central + 42);
  copy.writeUInt32LE(layout.cdOffset + prefix.length, prefix.length + layout.endAt + 16);
  return copy;
}
