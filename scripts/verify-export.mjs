#!/usr/bin/env node
// Verifies an eDiscovery production offline, with no dependencies (docs/ediscovery.md): the Ed25519
// signature of manifest.csv, and the SHA-256 and size of every message against the manifest.
// Usage: node scripts/verify-export.mjs production.zip [--key export-key.pem]
// Without --key it uses the export-key.pem inside the zip: compare that key with the archive's
// (GET /api/v1/enterprise/ediscovery/export-key) before trusting the result.
import { createHash, createPublicKey, verify } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { inflateRawSync } from "node:zlib";

const u16 = (b, o) => b.readUInt16LE(o);
const u32 = (b, o) => b.readUInt32LE(o);
const u64 = (b, o) => Number(b.readBigUInt64LE(o));

function readAt(fd, position, length) {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const read = readSync(fd, buffer, done, length - done, position + done);
    if (read === 0) throw new Error("unexpected end of the zip file");
    done += read;
  }
  return buffer;
}

/** The zip's entries from its central directory (ZIP64 aware): name, method, sizes and data offset. */
function zipEntries(fd) {
  const size = fstatSync(fd).size;
  const tailLength = Math.min(size, 65557);
  const tail = readAt(fd, size - tailLength, tailLength);
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("not a zip file (no end of central directory)");
  let count = u16(tail, eocd + 10),
    cdSize = u32(tail, eocd + 12),
    cdOffset = u32(tail, eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locator = tail.subarray(eocd - 20, eocd);
    if (u32(locator, 0) !== 0x07064b50) throw new Error("ZIP64 end of central directory locator missing");
    const zip64 = readAt(fd, u64(locator, 8), 56);
    count = u64(zip64, 32);
    cdSize = u64(zip64, 40);
    cdOffset = u64(zip64, 48);
  }
  const cd = readAt(fd, cdOffset, cdSize);
  const entries = new Map();
  for (let at = 0, n = 0; n < count; n++) {
    if (u32(cd, at) !== 0x02014b50) throw new Error("corrupt central directory");
    const nameLength = u16(cd, at + 28),
      extraLength = u16(cd, at + 30),
      commentLength = u16(cd, at + 32);
    let compressed = u32(cd, at + 20),
      uncompressed = u32(cd, at + 24),
      local = u32(cd, at + 42);
    const name = cd.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    for (let e = at + 46 + nameLength; e < at + 46 + nameLength + extraLength;) {
      const id = u16(cd, e),
        length = u16(cd, e + 2);
      if (id === 0x0001) {
        let v = e + 4;
        if (uncompressed === 0xffffffff) {
          uncompressed = u64(cd, v);
          v += 8;
        }
        if (compressed === 0xffffffff) {
          compressed = u64(cd, v);
          v += 8;
        }
        if (local === 0xffffffff) local = u64(cd, v);
      }
      e += 4 + length;
    }
    const header = readAt(fd, local, 30);
    entries.set(name, { name, method: u16(cd, at + 10), compressed, uncompressed, data: local + 30 + u16(header, 26) + u16(header, 28) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry's bytes, chunk by chunk (stored entries are streamed; deflated ones are small text files). */
function* entryChunks(fd, entry) {
  if (entry.method === 8) {
    yield inflateRawSync(readAt(fd, entry.data, entry.compressed));
    return;
  }
  if (entry.method !== 0) throw new Error(`${entry.name}: unsupported compression method ${entry.method}`);
  for (let done = 0; done < entry.compressed;) {
    const length = Math.min(1 << 20, entry.compressed - done);
    yield readAt(fd, entry.data + done, length);
    done += length;
  }
}

const entryBytes = (fd, entry) => Buffer.concat([...entryChunks(fd, entry)]);

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

/** Each message of an mboxrd stream as [sha256, size], undoing the ">From " quoting and the separator "\n". */
function* mboxrdDigests(chunks) {
  let hash = null,
    size = 0,
    pending = null,
    rest = Buffer.alloc(0);
  const finish = () => {
    const last = pending.subarray(0, pending.length - (pending.at(-1) === 0x0a ? 1 : 0));
    hash.update(last);
    size += last.length;
    return [hash.digest("hex"), size];
  };
  const lines = function* () {
    for (const chunk of chunks) {
      let data = Buffer.concat([rest, chunk]),
        start = 0;
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
      if (hash) yield finish();
      hash = createHash("sha256");
      size = 0;
      pending = null;
      continue;
    }
    if (!hash) throw new Error("messages.mbox does not start with a From line");
    if (pending) {
      hash.update(pending);
      size += pending.length;
    }
    pending = /^>+From /.test(line.subarray(0, 80).toString("latin1")) ? line.subarray(1) : line;
  }
  if (hash) yield finish();
}

/**
 * Checks a production zip. `publicKeyPem` is the key to trust; without it, the zip's own
 * export-key.pem is used (and `keyFromZip` says so). Answers {ok, problems, messages, keyFromZip}.
 */
export function verifyExportZip(zipPath, options = {}) {
  const fd = openSync(zipPath, "r");
  const problems = [];
  try {
    const entries = zipEntries(fd);
    for (const name of ["manifest.csv", "manifest.sig"]) if (!entries.has(name)) throw new Error(`${name} is missing`);
    const manifest = entryBytes(fd, entries.get("manifest.csv"));
    const signature = entryBytes(fd, entries.get("manifest.sig")).toString("utf8").trim();
    const keyFromZip = !options.publicKeyPem;
    const publicKeyPem =
      options.publicKeyPem ?? (entries.has("export-key.pem") ? entryBytes(fd, entries.get("export-key.pem")).toString("utf8") : null);
    if (!publicKeyPem) throw new Error("no public key: pass --key <export-key.pem>");
    let signed = false;
    try {
      signed = verify(null, manifest, createPublicKey(publicKeyPem), Buffer.from(signature, "base64"));
    } catch {
      signed = false;
    }
    if (!signed) problems.push("manifest.sig is not a valid signature of manifest.csv under the public key");
    const [header, ...rows] = parseCsv(manifest.toString("utf8")).filter((row) => row.length > 1 || row[0] !== "");
    const column = (name) => header.indexOf(name);
    for (const name of ["emailId", "sha256", "sizeBytes", "file"])
      if (column(name) < 0) throw new Error(`manifest.csv has no ${name} column`);
    const listed = rows.map((row) => ({
      emailId: row[column("emailId")],
      sha256: row[column("sha256")],
      size: Number(row[column("sizeBytes")]),
      file: row[column("file")],
    }));
    const check = (item, [sha256, size]) => {
      if (sha256 !== item.sha256) problems.push(`email ${item.emailId}: SHA-256 ${sha256} differs from the manifest's ${item.sha256}`);
      else if (size !== item.size) problems.push(`email ${item.emailId}: ${size} bytes, the manifest says ${item.size}`);
    };
    const inMbox = listed.filter((item) => item.file === "messages.mbox");
    for (const item of listed.filter((entry) => entry.file !== "messages.mbox")) {
      const entry = entries.get(item.file);
      if (!entry) {
        problems.push(`email ${item.emailId}: ${item.file} is missing`);
        continue;
      }
      const hash = createHash("sha256");
      let size = 0;
      for (const chunk of entryChunks(fd, entry)) {
        hash.update(chunk);
        size += chunk.length;
      }
      check(item, [hash.digest("hex"), size]);
    }
    if (inMbox.length > 0) {
      const mbox = entries.get("messages.mbox");
      if (!mbox) problems.push("messages.mbox is missing");
      else {
        let index = 0;
        for (const digest of mboxrdDigests(entryChunks(fd, mbox))) {
          if (index < inMbox.length) check(inMbox[index], digest);
          index++;
        }
        if (index !== inMbox.length) problems.push(`messages.mbox holds ${index} message(s), the manifest lists ${inMbox.length}`);
      }
    }
    const files = new Set(listed.map((item) => item.file));
    for (const name of entries.keys()) {
      if ((name.startsWith("messages/") || name === "messages.mbox") && !files.has(name)) problems.push(`${name} is not in the manifest`);
    }
    return { ok: problems.length === 0, problems, messages: listed.length, keyFromZip };
  } finally {
    closeSync(fd);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const keyAt = args.indexOf("--key");
  const publicKeyPem = keyAt >= 0 ? readFileSync(args[keyAt + 1], "utf8") : undefined;
  const zipPath = args.find((arg, index) => !arg.startsWith("--") && (keyAt < 0 || index !== keyAt + 1));
  if (!zipPath) {
    console.error("usage: node verify-export.mjs <production.zip> [--key export-key.pem]");
    process.exit(2);
  }
  try {
    const result = verifyExportZip(zipPath, { publicKeyPem });
    for (const problem of result.problems) console.log(`FAILED: ${problem}`);
    if (result.keyFromZip)
      console.log("NOTE: checked with the export-key.pem inside the zip; compare it with the archive's published key.");
    console.log(
      result.ok ? `OK: signature valid, ${result.messages} message(s) match the manifest` : `FAILED: ${result.problems.length} problem(s)`,
    );
    process.exit(result.ok ? 0 : 1);
  } catch (error) {
    console.log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
