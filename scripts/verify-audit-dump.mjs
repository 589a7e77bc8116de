#!/usr/bin/env node
// Re-verifies an audit log dump (JSON lines in id order, see docs/audit-log.md) with no dependencies.
// Usage: node scripts/verify-audit-dump.mjs audit-dump.jsonl   (or read the dump from stdin)
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

const canonical = (value) =>
  value === null || typeof value !== "object"
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? `[${value.map(canonical).join(",")}]`
      : `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
          .join(",")}}`;
const HASHED = ["actionType", "actorIdentifier", "actorIp", "details", "previousHash", "targetId", "targetType", "timestamp"];
const input = process.argv[2] ? createReadStream(process.argv[2]) : process.stdin;
let previous = null,
  count = 0,
  lastId = null;
for await (const line of createInterface({ input, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  const entry = JSON.parse(line);
  const hash = createHash("sha256")
    .update(canonical(Object.fromEntries(HASHED.map((key) => [key, entry[key]]))))
    .digest("hex");
  const problem =
    hash !== entry.currentHash
      ? "its contents do not match its currentHash"
      : entry.previousHash !== previous
        ? "its previousHash does not match the entry before it"
        : null;
  if (problem) {
    console.log(`BROKEN at entry ${entry.id}: ${problem}`);
    process.exit(1);
  }
  previous = entry.currentHash;
  lastId = entry.id;
  count++;
}
console.log(`OK: ${count} entries; last id ${lastId}, last currentHash ${previous}`);
