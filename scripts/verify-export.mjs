#!/usr/bin/env node
// Verifies an eDiscovery production offline, with no dependencies (docs/ediscovery.md, "Verifying a
// production"): the zip must be laid out exactly as the archive writes it (one central directory,
// right before its end record, entries back to back from the first byte, local headers and data
// descriptors equal to the directory, no duplicate, case-colliding or backslashed names), manifest.sig
// must be the Ed25519 signature of manifest.csv, and every other entry must be listed in manifest.csv
// by SHA-256 and size (messages by their email's row, every other file by a row of its own), in the
// production's order. Anything else is refused.
// Usage: node scripts/verify-export.mjs production.zip [--key export-key.pem]
// Without --key it uses the export-key.pem inside the zip: compare that key with the archive's
// (GET /api/v1/enterprise/ediscovery/export-key) before trusting the result.
import { createHash, createPublicKey, verify } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { isMainThread } from "node:worker_threads";
import * as zlib from "node:zlib";

/** The file mode every entry of a production carries (owner read and write: what is extracted stays private). */
export const ZIP_ENTRY_MODE = 0o100600;
/** The columns of manifest.csv, in order. */
export const MANIFEST_COLUMNS = [
  "emailId",
  "messageId",
  "sha256",
  "sizeBytes",
  "sentAt",
  "from",
  "to",
  "cc",
  "subject",
  "mailbox",
  "ingestionSourceId",
  "file",
];
/** The entries a production starts with, in this order; messages and the other listed files follow. */
export const LEADING_FILES = ["README.txt", "manifest.csv", "manifest.sig", "export-key.pem", "loadfile.dat"];
const SIGNED = new Set(["manifest.csv", "manifest.sig"]);
const MBOX_FILE = "messages.mbox";

// The archive's zip layout (yazl, entries stored): signatures, and the fields every entry carries.
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const DATA_DESCRIPTOR = 0x08074b50;
const END_RECORD = 0x06054b50;
const ZIP64_END_RECORD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
/** UTF-8 names (bit 11), CRC and sizes in a data descriptor after the data (bit 3); nothing else. */
const FLAGS = 0x0808;
const MADE_BY = 0x033f;
const NEEDED = 20;
const NEEDED_ZIP64 = 45;
const UNIX_TIME = 0x5455;
const ZIP64_EXTRA = 0x0001;

/** A zip that is not exactly a production: the verification stops with this message. */
class Refused extends Error {}
const refuse = (message) => {
  throw new Refused(message);
};

const u16 = (b, o) => b.readUInt16LE(o);
const u32 = (b, o) => b.readUInt32LE(o);
function u64(b, o) {
  const value = b.readBigUInt64LE(o);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) refuse("a ZIP64 size or offset is out of range");
  return Number(value);
}

function readAt(fd, position, length) {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const read = readSync(fd, buffer, done, length - done, position + done);
    if (read === 0) refuse("unexpected end of the zip file");
    done += read;
  }
  return buffer;
}

let crcTable = null;
/** CRC-32 of `data` continuing from `crc` (zlib's when this Node has it, 20.15 and later; else a table). */
function crc32(data, crc = 0) {
  if (typeof zlib.crc32 === "function") return zlib.crc32(data, crc);
  crcTable ??= Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let c = (crc ^ 0xffffffff) >>> 0;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Why an entry name is refused, or null: backslashes, absolute paths, empty, "." or ".." segments, control characters. */
function badName(name) {
  if (name.includes("\\")) return "has a backslash (a path separator on Windows)";
  if (/[\u0000-\u001f\u007f]/.test(name)) return "has a control character";
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name)) return "is an absolute path";
  if (name.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) return "has an empty, . or .. segment";
  return null;
}

/**
 * The end records: where the central directory is, how long, how many entries. The end of central
 * directory record must be the file's last 22 bytes (no comment, nothing after it); a ZIP64 locator
 * right before it and the ZIP64 record it points to right before that; the directory right before
 * the first of them.
 */
function endRecords(fd) {
  const size = fstatSync(fd).size;
  if (size < 22) refuse("not a zip file (too short for an end of central directory record)");
  const endAt = size - 22;
  const end = readAt(fd, endAt, 22);
  if (u32(end, 0) !== END_RECORD) refuse("the file does not end with an end of central directory record (a comment or bytes after it)");
  if (u16(end, 20) !== 0) refuse("the end of central directory record announces a comment");
  if (u16(end, 4) !== 0 || u16(end, 6) !== 0 || u16(end, 8) !== u16(end, 10)) refuse("the zip spans several disks");
  let count = u16(end, 10),
    cdSize = u32(end, 12),
    cdOffset = u32(end, 16),
    cdEnd = endAt;
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locatorAt = endAt - 20;
    const locator = locatorAt >= 56 ? readAt(fd, locatorAt, 20) : Buffer.alloc(20);
    if (u32(locator, 0) !== ZIP64_LOCATOR || u32(locator, 4) !== 0 || u32(locator, 16) !== 1)
      refuse("the ZIP64 end of central directory locator does not sit right before the end of central directory record");
    const recordAt = locatorAt - 56;
    if (u64(locator, 8) !== recordAt)
      refuse("the ZIP64 end of central directory record does not sit right before its locator (a second record, or bytes between them)");
    const record = readAt(fd, recordAt, 56);
    if (
      u32(record, 0) !== ZIP64_END_RECORD ||
      u64(record, 4) !== 44 ||
      u16(record, 12) !== MADE_BY ||
      u16(record, 14) !== NEEDED_ZIP64 ||
      u32(record, 16) !== 0 ||
      u32(record, 20) !== 0 ||
      u64(record, 24) !== u64(record, 32)
    )
      refuse("the ZIP64 end of central directory record is not the archive's");
    const [count64, size64, offset64] = [u64(record, 32), u64(record, 40), u64(record, 48)];
    if (
      (count !== 0xffff && count !== count64) ||
      (cdSize !== 0xffffffff && cdSize !== size64) ||
      (cdOffset !== 0xffffffff && cdOffset !== offset64)
    )
      refuse("the end of central directory record and its ZIP64 record disagree");
    [count, cdSize, cdOffset, cdEnd] = [count64, size64, offset64, recordAt];
  }
  if (cdOffset + cdSize !== cdEnd)
    refuse(
      "the end of central directory record does not sit right after the central directory it points to (a second directory, or bytes between them)",
    );
  return { count, cdSize, cdOffset };
}

/** The extra fields of a central directory record: the Unix time (always) and the ZIP64 sizes and offset (ZIP64 entries). */
function extraFields(extra, where) {
  let time = null,
    zip64 = null;
  for (let at = 0; at < extra.length;) {
    if (at + 4 > extra.length) refuse(`${where}: malformed extra field`);
    const [id, length] = [u16(extra, at), u16(extra, at + 2)];
    const data = extra.subarray(at + 4, at + 4 + length);
    if (data.length !== length) refuse(`${where}: malformed extra field`);
    if (id === UNIX_TIME && time === null && length === 5 && data[0] === 3) time = u32(data, 1);
    else if (id === ZIP64_EXTRA && zip64 === null && length === 24)
      zip64 = { size: u64(data, 0), compressed: u64(data, 8), local: u64(data, 16) };
    else refuse(`${where}: an extra field the archive does not write (id 0x${id.toString(16)})`);
    at += 4 + length;
  }
  if (time === null) refuse(`${where}: no modification time`);
  return { time, zip64 };
}

/**
 * The zip's entries in order, after checking that it is laid out exactly as the archive writes it:
 * stored entries back to back from byte 0, each a local header equal to its central directory
 * record, the data and a data descriptor with the CRC and sizes; the central directory right after
 * the last one; names unique (also ignoring case), with "/" as their only separator.
 */
function zipEntries(fd) {
  const { count, cdSize, cdOffset } = endRecords(fd);
  if (cdSize > fstatSync(fd).size) refuse("corrupt central directory");
  const cd = readAt(fd, cdOffset, cdSize);
  const entries = [];
  const names = new Map();
  let at = 0,
    next = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > cd.length || u32(cd, at) !== CENTRAL_HEADER) refuse("corrupt central directory");
    const [nameLength, extraLength] = [u16(cd, at + 28), u16(cd, at + 30)];
    const nameBytes = cd.subarray(at + 46, at + 46 + nameLength);
    const extra = cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    if (at + 46 + nameLength + extraLength > cd.length) refuse("corrupt central directory");
    let name;
    try {
      name = utf8.decode(nameBytes);
    } catch {
      refuse(`an entry name is not UTF-8 (${nameBytes.toString("hex")})`);
    }
    const where = JSON.stringify(name);
    const why = badName(name);
    if (why) refuse(`entry ${where} ${why}`);
    const folded = name.normalize("NFC").toLowerCase();
    const same = names.get(folded);
    if (same === name) refuse(`two entries are named ${where}`);
    if (same !== undefined) refuse(`entries ${JSON.stringify(same)} and ${where} differ only in case`);
    names.set(folded, name);
    const { time, zip64 } = extraFields(extra, where);
    let [compressed, size, local] = [u32(cd, at + 20), u32(cd, at + 24), u32(cd, at + 42)];
    if (zip64) {
      if (compressed !== 0xffffffff || size !== 0xffffffff || local !== 0xffffffff) refuse(`${where}: malformed ZIP64 entry`);
      ({ compressed, size, local } = zip64);
    }
    const entry = { name, nameBytes, crc: u32(cd, at + 16), size, local, zip64: zip64 !== null, dosTime: u32(cd, at + 12), time };
    if (
      u16(cd, at + 4) !== MADE_BY ||
      u16(cd, at + 6) !== (zip64 ? NEEDED_ZIP64 : NEEDED) ||
      u16(cd, at + 8) !== FLAGS ||
      u16(cd, at + 10) !== 0 ||
      u16(cd, at + 32) !== 0 ||
      u16(cd, at + 34) !== 0 ||
      u16(cd, at + 36) !== 0 ||
      u32(cd, at + 38) !== ZIP_ENTRY_MODE * 0x10000
    )
      refuse(`${where}: its central directory record is not the archive's (flags, method, attributes, comment)`);
    if (compressed !== size) refuse(`${where}: compressed, not stored`);
    if (entries.length > 0 && (entry.dosTime !== entries[0].dosTime || entry.time !== entries[0].time))
      refuse(`${where}: its modification time differs from the other entries'`);
    if (local !== next) refuse(n === 0 ? "bytes before the first entry" : `${where} does not start right after the entry before it`);
    next = local + 30 + nameLength + size + (zip64 ? 24 : 16);
    entries.push(entry);
    at += 46 + nameLength + extraLength;
  }
  if (at !== cd.length) refuse("the central directory holds more than its entries");
  if (next !== cdOffset) refuse("bytes between the last entry and the central directory");
  for (const entry of entries) checkLocalHeader(fd, entry);
  return entries;
}

/** The entry's local header and data descriptor must say what its central directory record says. */
function checkLocalHeader(fd, entry) {
  const where = JSON.stringify(entry.name);
  const header = readAt(fd, entry.local, 30 + entry.nameBytes.length);
  if (
    u32(header, 0) !== LOCAL_HEADER ||
    u16(header, 4) !== NEEDED ||
    u16(header, 6) !== FLAGS ||
    u16(header, 8) !== 0 ||
    u32(header, 10) !== entry.dosTime ||
    u32(header, 14) !== 0 ||
    u32(header, 18) !== 0 ||
    u32(header, 22) !== 0 ||
    u16(header, 26) !== entry.nameBytes.length ||
    u16(header, 28) !== 0 ||
    !header.subarray(30).equals(entry.nameBytes)
  )
    refuse(`${where}: its local header disagrees with the central directory (name, flags, method, time, sizes or extra field)`);
  entry.data = entry.local + 30 + entry.nameBytes.length;
  const descriptor = readAt(fd, entry.data + entry.size, entry.zip64 ? 24 : 16);
  const sizes = entry.zip64 ? [u64(descriptor, 8), u64(descriptor, 16)] : [u32(descriptor, 8), u32(descriptor, 12)];
  if (u32(descriptor, 0) !== DATA_DESCRIPTOR || u32(descriptor, 4) !== entry.crc || sizes[0] !== entry.size || sizes[1] !== entry.size)
    refuse(`${where}: its data descriptor disagrees with the central directory (CRC or sizes)`);
}

/** An entry's bytes, chunk by chunk; once the last is read, `entry.readCrc` is their CRC-32. */
function* entryChunks(fd, entry) {
  let crc = 0;
  for (let done = 0; done < entry.size;) {
    const length = Math.min(1 << 20, entry.size - done);
    const chunk = readAt(fd, entry.data + done, length);
    crc = crc32(chunk, crc);
    yield chunk;
    done += length;
  }
  entry.readCrc = crc;
}

const entryBytes = (fd, entry) => Buffer.concat([...entryChunks(fd, entry)]);

/** [sha256, size] of an entry's bytes. */
function digest(chunks) {
  const hash = createHash("sha256");
  let size = 0;
  for (const chunk of chunks) {
    hash.update(chunk);
    size += chunk.length;
  }
  return [hash.digest("hex"), size];
}

/** RFC 4180 rows (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text) {
  const rows = [];
  let row = [],
    field = "",
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || (c === "\r" && text[i + 1] === "\n")) {
      if (c === "\r") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * A manifest cell's value: the writer puts a single quote before a value that starts with
 * = + - @ TAB CR (a spreadsheet would run it as a formula) or with a single quote, and only then;
 * so a cell that starts with a quote loses exactly that one.
 */
export const manifestValue = (cell) => (cell.startsWith("'") ? cell.slice(1) : cell);

const ASCTIME_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const ASCTIME_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function asctime(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${ASCTIME_DAYS[date.getUTCDay()]} ${ASCTIME_MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, " ")} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${date.getUTCFullYear()}`;
}

/** The "From " line before a message in messages.mbox: its sender without white space, and its date. */
export const mboxFromLine = (sender, sentAt) =>
  Buffer.from(`From ${sender.replace(/\s/g, "") || "MAILER-DAEMON"} ${asctime(sentAt)}\n`, "latin1");

/**
 * Each record of an mboxrd stream as {fromLine, sha256, size, ended}: its "From " line, the hash and
 * size of the message once the ">From " quoting and the one "\n" after it are undone, and whether
 * that "\n" was there.
 */
function* mboxrdRecords(chunks) {
  let record = null,
    pending = null,
    rest = Buffer.alloc(0);
  const finish = () => {
    const ended = pending !== null && pending.at(-1) === 0x0a;
    if (pending) {
      const last = pending.subarray(0, pending.length - (ended ? 1 : 0));
      record.hash.update(last);
      record.size += last.length;
    }
    return { fromLine: record.fromLine, sha256: record.hash.digest("hex"), size: record.size, ended };
  };
  const lines = function* () {
    for (const chunk of chunks) {
      const data = Buffer.concat([rest, chunk]);
      let start = 0;
      for (let nl = data.indexOf(0x0a); nl >= 0; nl = data.indexOf(0x0a, start)) {
        yield data.subarray(start, nl + 1);
        start = nl + 1;
      }
      rest = Buffer.from(data.subarray(start));
    }
    if (rest.length > 0) yield rest;
  };
  for (const line of lines()) {
    if (line.subarray(0, 5).toString("latin1") === "From ") {
      if (record) yield finish();
      record = { fromLine: Buffer.from(line), hash: createHash("sha256"), size: 0 };
      pending = null;
      continue;
    }
    if (!record) refuse("messages.mbox does not start with a From line");
    if (pending) {
      record.hash.update(pending);
      record.size += pending.length;
    }
    pending = /^>+From /.test(line.subarray(0, 80).toString("latin1")) ? line.subarray(1) : line;
  }
  if (record) yield finish();
}

/** The rows of manifest.csv as {emailId, sha256, size, file, from, sentAt}, after checking its header. */
function manifestRows(manifest) {
  const [header, ...rows] = parseCsv(manifest.toString("utf8"));
  if (!header || header.join(",") !== MANIFEST_COLUMNS.join(",")) refuse(`manifest.csv's header is not ${MANIFEST_COLUMNS.join(",")}`);
  return rows.map((row, index) => {
    if (row.length !== MANIFEST_COLUMNS.length)
      refuse(`manifest.csv line ${index + 2} has ${row.length} fields, not ${MANIFEST_COLUMNS.length}`);
    const value = (name) => manifestValue(row[MANIFEST_COLUMNS.indexOf(name)]);
    const [sha256, size] = [value("sha256"), value("sizeBytes")];
    if (!/^[0-9a-f]{64}$/.test(sha256) || !/^\d+$/.test(size)) refuse(`manifest.csv line ${index + 2}: malformed sha256 or sizeBytes`);
    return { emailId: value("emailId"), sha256, size: Number(size), file: value("file"), from: value("from"), sentAt: value("sentAt") };
  });
}

/** Whether manifest.sig is exactly one canonical base64 Ed25519 signature of manifest.csv under the key, and a line break. */
function signatureValid(manifest, signatureFile, publicKeyPem) {
  const text = signatureFile.toString("latin1");
  const base64 = text.slice(0, -1);
  if (!/^[A-Za-z0-9+/]{86}==\n$/.test(text) || Buffer.from(base64, "base64").toString("base64") !== base64) return false;
  try {
    return verify(null, manifest, createPublicKey(publicKeyPem), Buffer.from(base64, "base64"));
  } catch {
    return false;
  }
}

function checkProduction(fd, options, problems, result) {
  const entries = zipEntries(fd);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  for (const name of SIGNED) if (!byName.has(name)) refuse(`${name} is missing`);
  const manifest = entryBytes(fd, byName.get("manifest.csv"));
  const signature = entryBytes(fd, byName.get("manifest.sig"));
  result.keyFromZip = !options.publicKeyPem;
  const publicKeyPem =
    options.publicKeyPem ?? (byName.has("export-key.pem") ? entryBytes(fd, byName.get("export-key.pem")).toString("utf8") : null);
  if (!publicKeyPem) refuse("no public key: pass --key <export-key.pem>");
  if (!signatureValid(manifest, signature, publicKeyPem))
    problems.push("manifest.sig is not a valid signature of manifest.csv under the public key");

  const rows = manifestRows(manifest);
  const messages = rows.filter((row) => row.emailId !== "");
  const files = rows.filter((row) => row.emailId === "");
  result.messages = messages.length;
  // Productions written before every file was listed (manifest rows for messages only): their other files are not signed.
  const legacy = files.length === 0;
  if (legacy)
    problems.push(
      "manifest.csv lists the messages only: this production was written before every file of a production was signed " +
        "(README.txt, loadfile.dat and attachment texts are not covered), so it cannot be verified as a whole; export it again",
    );
  const inMbox = messages.filter((row) => row.file === MBOX_FILE);
  const listed = new Map();
  for (const row of [...messages.filter((item) => item.file !== MBOX_FILE), ...files]) {
    if (listed.has(row.file) || SIGNED.has(row.file) || row.file === MBOX_FILE) refuse(`manifest.csv lists ${row.file} twice or as a file`);
    listed.set(row.file, row);
  }
  const label = (row) => (row.emailId ? `email ${row.emailId}` : row.file);
  const compare = (row, sha256, size) => {
    if (sha256 !== row.sha256) problems.push(`${label(row)}: SHA-256 ${sha256} differs from the manifest's ${row.sha256}`);
    else if (size !== row.size) problems.push(`${label(row)}: ${size} bytes, the manifest says ${row.size}`);
  };

  for (const entry of entries) {
    if (SIGNED.has(entry.name)) continue;
    const row = listed.get(entry.name);
    if (row) compare(row, ...digest(entryChunks(fd, entry)));
    else if (entry.name === MBOX_FILE && inMbox.length > 0) checkMbox(fd, entry, inMbox, compare, problems);
    else if (!legacy || entry.name.startsWith("messages/") || entry.name === MBOX_FILE)
      problems.push(`${entry.name} is not listed in the signed manifest`);
  }
  for (const entry of entries)
    if (entry.readCrc !== undefined && entry.readCrc !== entry.crc)
      problems.push(`${entry.name}: its bytes do not have the CRC-32 the central directory gives`);
  for (const file of listed.keys()) if (!byName.has(file)) problems.push(`${file} is listed in the manifest but missing`);
  if (inMbox.length > 0 && !byName.has(MBOX_FILE)) problems.push(`${MBOX_FILE} is missing`);
  if (legacy) return;
  // The production's order: the leading files, the messages in manifest order, then the other listed files.
  const messageFiles = [...new Set(messages.map((row) => row.file))];
  const order = [
    ...LEADING_FILES.filter((name) => SIGNED.has(name) || listed.has(name)),
    ...messageFiles,
    ...files.map((row) => row.file).filter((name) => !LEADING_FILES.includes(name)),
  ];
  const actual = entries.map((entry) => entry.name);
  const at = actual.findIndex((name, index) => name !== order[index]);
  if (at >= 0 && actual.length === order.length)
    problems.push(`the entries are not in the production's order (${actual[at]} where ${order[at]} belongs)`);
}

/** The mbox's records against its manifest rows: "From " line, message hash and size, the "\n" after each, their number. */
function checkMbox(fd, entry, rows, compare, problems) {
  let index = 0;
  for (const record of mboxrdRecords(entryChunks(fd, entry))) {
    const row = rows[index++];
    if (!row) continue;
    compare(row, record.sha256, record.size);
    if (!record.fromLine.equals(mboxFromLine(row.from, new Date(row.sentAt))))
      problems.push(`email ${row.emailId}: its From line in ${MBOX_FILE} is not the one its manifest row gives`);
    if (!record.ended) problems.push(`email ${row.emailId}: its record in ${MBOX_FILE} does not end with a line break`);
  }
  if (index !== rows.length) problems.push(`${MBOX_FILE} holds ${index} message(s), the manifest lists ${rows.length}`);
}

/**
 * Checks a production zip. `publicKeyPem` is the key to trust; without it, the zip's own
 * export-key.pem is used (and `keyFromZip` says so). Answers {ok, problems, messages, keyFromZip};
 * never throws for what the zip holds (a refusal is a problem).
 */
export function verifyExportZip(zipPath, options = {}) {
  const problems = [];
  const result = { messages: 0, keyFromZip: !options.publicKeyPem };
  let fd = null;
  try {
    fd = openSync(zipPath, "r");
    checkProduction(fd, options, problems, result);
  } catch (error) {
    problems.push(
      error instanceof Refused ? error.message : `the zip cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    if (fd !== null) closeSync(fd);
  }
  return { ok: problems.length === 0, problems, messages: result.messages, keyFromZip: result.keyFromZip };
}

// Run as a script, not imported (the CLI bundles this module into a chunk of its own).
if (isMainThread && import.meta.url === pathToFileURL(process.argv[1] ?? "").href && import.meta.url.endsWith("/verify-export.mjs")) {
  const args = process.argv.slice(2);
  const keyAt = args.indexOf("--key");
  const publicKeyPem = keyAt >= 0 ? readFileSync(args[keyAt + 1], "utf8") : undefined;
  const zipPath = args.find((arg, index) => !arg.startsWith("--") && (keyAt < 0 || index !== keyAt + 1));
  if (!zipPath) {
    console.error("usage: node verify-export.mjs <production.zip> [--key export-key.pem]");
    process.exit(2);
  }
  const result = verifyExportZip(zipPath, { publicKeyPem });
  for (const problem of result.problems) console.log(`FAILED: ${problem}`);
  if (result.keyFromZip) console.log("NOTE: checked with the export-key.pem inside the zip; compare it with the archive's published key.");
  console.log(
    result.ok
      ? `OK: signature valid, ${result.messages} message(s) and every other file match the manifest`
      : `FAILED: ${result.problems.length} problem(s)`,
  );
  process.exit(result.ok ? 0 : 1);
}
