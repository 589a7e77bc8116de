import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../platform/db/client";
import { storableText } from "../platform/validation/storable-text";
import { toCharText } from "./audit-entry-bytes";
import { auditEntryHash, type HashedAuditFields } from "./audit-hash";
import { verifyAuditLog } from "./verify-audit-log";

/**
 * Verification reads the stored bytes (binary COPY) and writes the canonical JSON from them
 * without going through JS values; these tests store entries hashed by the plain recipe
 * (auditEntryHash over JS values) and check that verification agrees on every one.
 */
let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});

afterAll(async () => {
  await client.end();
});

beforeEach(async () => {
  // As an owner with the append-only triggers off (see verify-audit-log.int.test.ts).
  await db().$executeRawUnsafe("ALTER TABLE audit_logs DISABLE TRIGGER USER");
  await db().$executeRawUnsafe("TRUNCATE audit_logs RESTART IDENTITY");
});

type Stored = Omit<HashedAuditFields, "previousHash">;

/** Inserts the entries as one chain, each hashed over `hashedTimestamp` (default: its timestamp). */
async function insertChain(entries: (Stored & { hashedTimestamp?: string })[]): Promise<void> {
  const columns: (string | null)[][] = Array.from({ length: 9 }, () => []);
  let previousHash: string | null = null;
  for (const entry of entries) {
    const currentHash = auditEntryHash({ ...entry, previousHash, timestamp: entry.hashedTimestamp ?? entry.timestamp });
    const values = [
      previousHash,
      entry.timestamp,
      entry.actorIdentifier,
      entry.actorIp,
      entry.actionType,
      entry.targetType,
      entry.targetId,
    ];
    [...values, JSON.stringify(entry.details), currentHash].forEach((value, column) => columns[column].push(value));
    previousHash = currentHash;
  }
  await client.query(
    `INSERT INTO audit_logs (previous_hash, "timestamp", actor_identifier, actor_ip, action_type, target_type, target_id, details, current_hash)
     SELECT p, t::timestamptz, a, ip, act, tt, tid, d::jsonb, h
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
       WITH ORDINALITY AS x(p, t, a, ip, act, tt, tid, d, h, ord) ORDER BY ord`,
    columns,
  );
}

const text = fc
  .oneof(
    fc.string(),
    fc.string({ unit: "binary" }),
    fc.constantFrom("", 'q"uote', "back\\slash", "new\nline", "\u0001\u001f\u007f", "é😀\u2028"),
  )
  .map(storableText);
/** What the appender stores: plain JSON whose strings and keys survive jsonb unchanged. */
const storableJson = (value: unknown): unknown => {
  if (typeof value === "string") return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), storableJson(item)]));
  return value;
};
const details = fc
  .oneof(
    fc.constant({}),
    fc.dictionary(text, fc.jsonValue({ maxDepth: 3 })),
    fc.record({
      query: fc.record({ query: text, filters: fc.dictionary(fc.string(), fc.string()) }),
      page: fc.nat(),
      limit: fc.nat(),
      total: fc.nat(),
    }),
  )
  .map((value) => storableJson(JSON.parse(JSON.stringify(value))) as Record<string, unknown>);
const timestamp = fc
  .date({ min: new Date("0001-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true })
  .map((date) => date.toISOString());
const entry: fc.Arbitrary<Stored> = fc.record({
  timestamp,
  actorIdentifier: text,
  actorIp: text,
  actionType: text,
  targetType: text,
  targetId: text,
  details,
});

const plain = {
  actorIdentifier: "a@example.com",
  actorIp: "192.0.2.1",
  actionType: "CREATE",
  targetType: "User",
  targetId: "x",
  details: {},
};

describe("verifyAuditLog on stored values", () => {
  it("agrees with the recipe on entries of any storable content", async () => {
    const entries = fc.sample(entry, { numRuns: 400, seed: 20261123 });
    await insertChain(entries);
    const result = await verifyAuditLog({ batchSize: 37 });
    expect(result).toEqual({ ok: true, message: `Audit log integrity verified: 400 entries (ids 1 to 400) form an unbroken chain.` });
  });

  it("formats the timestamps around the ends of the years JavaScript formats as it writes them", async () => {
    const edges = [
      "0001-01-01T00:00:00.000Z",
      "1969-12-31T23:59:59.999Z",
      "1970-01-01T00:00:00.000Z",
      "1999-12-31T23:59:59.999Z",
      "2000-01-01T00:00:00.001Z",
      "2024-02-29T12:34:56.789Z",
      "9999-12-31T23:59:59.999Z",
    ];
    await insertChain(edges.map((edge) => ({ ...plain, timestamp: edge })));
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("hashes other timestamps as PostgreSQL's to_char writes them, an infinite one as null", async () => {
    const stored = ["10000-01-01T00:00:00.000Z", "0044-03-15 12:00:00.250+00 BC", "infinity", "-infinity"];
    const { rows } = await client.query<{ text: string | null }>(
      `SELECT to_char(t::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS text FROM unnest($1::text[]) WITH ORDINALITY AS x(t, ord) ORDER BY ord`,
      [stored],
    );
    expect(rows.map((row) => row.text)).toEqual(["10000-01-01T00:00:00.000Z", "0044-03-15T12:00:00.250Z", null, null]);
    await insertChain(stored.map((value, index) => ({ ...plain, timestamp: value, hashedTimestamp: rows[index].text ?? "null" })));
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
  });

  it("writes to_char's text for timestamps across PostgreSQL's whole range outside years 1 to 9999", async () => {
    // Milliseconds from 1970: a day inside PostgreSQL's ends (4714-11-24 BC, 294276-12-31; the day keeps
    // the text form inside the range in any session time zone), the years around 1 BC and 10000, and
    // values drawn at random below year 1 and above year 9999.
    const [first, last] = [-210_866_803_200_000n + 86_400_000n, 9_224_318_015_999_999n - 86_400_000n];
    const fixed = [first, -62_135_596_800_001n, -62_167_219_200_000n, -62_198_755_200_000n, 253_402_300_800_000n, last];
    const random = fc.sample(
      fc.oneof(fc.bigInt({ min: first, max: -62_135_596_800_001n }), fc.bigInt({ min: 253_402_300_800_000n, max: last })),
      {
        numRuns: 300,
        seed: 20261128,
      },
    );
    const stored = [...fixed, ...random];
    const { rows } = await client.query<{ text: string; stored: string }>(
      `SELECT to_char(v AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS text, v::text AS stored
       FROM unnest($1::bigint[]) WITH ORDINALITY AS x(ms, ord),
         -- Whole days and the milliseconds left, each small enough to multiply an interval exactly.
         LATERAL (SELECT (timestamp '1970-01-01' + div(ms, 86400000) * interval '1 day'
           + (ms - div(ms, 86400000) * 86400000) * interval '1 millisecond') AT TIME ZONE 'UTC' AS v) t
       ORDER BY ord`,
      [stored.map(String)],
    );
    expect(stored.map(toCharText)).toEqual(rows.map((row) => row.text));
    await insertChain(rows.map((row) => ({ ...plain, timestamp: row.stored, hashedTimestamp: row.text })));
    expect(await verifyAuditLog({ batchSize: 101 })).toMatchObject({ ok: true });
  });

  it("reports a row whose stored details differ from what was hashed", async () => {
    await insertChain([
      { ...plain, timestamp: "2024-01-01T00:00:00.000Z" },
      { ...plain, timestamp: "2024-01-01T00:00:00.000Z", details: { b: 1, a: [1.5] } },
    ]);
    await client.query(`UPDATE audit_logs SET details = '{"a": [1.50], "b": 1}' WHERE id = 2`);
    expect(await verifyAuditLog()).toMatchObject({ ok: true });
    await client.query(`UPDATE audit_logs SET details = '{"a": [1.51], "b": 1}' WHERE id = 2`);
    expect(await verifyAuditLog()).toMatchObject({ ok: false, logId: 2 });
  });
});
