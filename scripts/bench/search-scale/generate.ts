/**
 * A large archive for measuring search beyond memory (docs/benchmarks.md, "Search at 10M"), filled
 * straight into the real schema with SQL: parsing ten million messages through the import would
 * take days on the bench machine, and search reads only the rows and their search vectors.
 *
 *   npx tsx scripts/bench/search-scale/generate.ts --url postgres://archive@127.0.0.1:54350/archive \
 *     --rows 10000000 [--workers 2] [--chunk 50000]
 *
 * Text: sentences of real English prose (the Markdown documentation shipped in node_modules, pinned
 * by package-lock.json; code, tables and markup dropped), so words follow the Zipf-like
 * distribution of real text and phrases are real phrases. An email's body is 1-18 of those sentences
 * drawn at random (about 75 words on average, a skewed length), its subject the start of one more;
 * about 1 in 10 emails carries a case number (`case1234567`, 1-5 emails each) as the truly rare
 * words of real mail (names, ticket and invoice numbers). Senders and recipients come from 20,000
 * people at 400 domains, mailboxes from 2,000; `sent_at` is spread at random over ten years (mail
 * imported out of order, the worst case for reading the newest first).
 *
 * The search vector is the app's own expression (`searchVectorSql`), so it is exactly what ingestion
 * writes. The GIN indexes are dropped during the load and rebuilt after it, as a bulk load would;
 * loaded chunks are recorded, so a stopped run resumes where it stopped.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { Prisma } from "../../../src/generated/prisma/client";
import { applyMigrations } from "../../../src/server/platform/db/migrations";
import { searchVectorSql } from "../../../src/server/archive/store/search-vector.queries";
import { realSentences } from "../prose";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    rows: { type: "string", default: "10000000" },
    workers: { type: "string", default: "2" },
    chunk: { type: "string", default: "50000" },
    sentences: { type: "string", default: "200000" },
  },
});
if (!values.url) throw new Error("--url is required");
const url = values.url;
const rows = Number(values.rows);
const workers = Number(values.workers);
const chunk = Number(values.chunk);
const startedAt = Date.now();
const log = (text: string) => console.log(`[${new Date().toISOString()} +${((Date.now() - startedAt) / 1000).toFixed(0)}s] ${text}`);

const FIRST = "Anna Ben Carla David Emma Felix Grace Henry Iris Jack Karen Liam Maria Noah Olga Paul Quinn Rosa Sam Tina".split(" ");
const LAST =
  "Smith Jones Brown Garcia Miller Davis Wilson Moore Taylor Clark Lewis Walker Young King Wright Scott Green Baker Adams Nelson".split(
    " ",
  );
const sqlArray = (items: string[]) => `ARRAY[${items.map((item) => `'${item}'`).join(",")}]::text[]`;

/** A pseudo-random number in [0, 1) from row i and stream s. */
const uniform = (i: string, s: number) => `((hashint8extended(${i}, ${s}) & 2147483647)::float8 / 2147483648.0)`;

function insertSql(sentenceCount: number): string {
  const vector = searchVectorSql({
    subject: Prisma.raw("r.subject"),
    senderName: Prisma.raw("r.sender_name"),
    senderEmail: Prisma.raw("r.sender_email"),
    recipientEmails: Prisma.raw("r.recipient_emails"),
    recipients: Prisma.raw("r.recipients"),
    bodyText: Prisma.raw("r.body"),
    attachmentsText: Prisma.raw("NULL::text"),
  });
  if (vector.values.length > 0) throw new Error("the search vector expression is expected to have no parameters");
  const person = (n: string) => `(${sqlArray(FIRST)})[1 + ${n} % 20] || ' ' || (${sqlArray(LAST)})[1 + (${n} / 20) % 20]`;
  const address = (n: string) =>
    `lower((${sqlArray(FIRST)})[1 + ${n} % 20] || '.' || (${sqlArray(LAST)})[1 + (${n} / 20) % 20]) || ${n} / 400 || '@d' || ${n} % 400 || '.example'`;
  return `
    INSERT INTO archived_emails (id, ingestion_source_id, user_email, message_id_header, sent_at, subject, sender_name,
      sender_email, recipients, recipient_emails, cc_emails, bcc_emails, storage_path, storage_hash_sha256, size_bytes,
      is_indexed, has_attachments, body_text, search_vector)
    SELECT gen_random_uuid(), $1::uuid, r.mailbox, '<gen-' || r.i || '@bench.example>', r.sent_at, r.subject, r.sender_name,
      r.sender_email, r.recipients, r.recipient_emails, '{}', '{}', 'sha256/' || r.hash, r.hash, octet_length(r.body) + 2400,
      true, r.i % 5 = 0, r.body, ${vector.text}
    FROM (
      SELECT i, 'mb' || (hashint8extended(i, 1) & 65535) % 2000 || '@corp.example' AS mailbox,
        timestamptz '2016-01-01' + (${uniform("i", 2)} * 315360000) * interval '1 second' AS sent_at,
        CASE WHEN ${uniform("i", 3)} < 0.3 THEN 'Re: ' ELSE '' END ||
          array_to_string((string_to_array((SELECT text FROM bench_sentences WHERE id = 1 + (hashint8extended(i, 4) & 2147483647) % ${sentenceCount}), ' '))[1:8], ' ') AS subject,
        ${person("s")} AS sender_name, ${address("s")} AS sender_email,
        jsonb_build_array(jsonb_build_object('name', ${person("t")}, 'email', ${address("t")})) AS recipients,
        ARRAY[${address("t")}] AS recipient_emails,
        md5('gen-' || i) || md5('hash-' || i) AS hash,
        (SELECT string_agg(b.text, ' ' ORDER BY j) FROM generate_series(1, 1 + floor(18 * ${uniform("i", 5)} ^ 2)::int) AS j
           JOIN bench_sentences b ON b.id = 1 + (hashint8extended(i * 64 + j, 6) & 2147483647) % ${sentenceCount})
          || CASE WHEN ${uniform("i", 7)} < 0.1 THEN ' Reference case' || (hashint8extended(i, 8) & 2147483647) % 500000 || '.' ELSE '' END AS body
      FROM generate_series($2::bigint, $3::bigint) AS i,
        LATERAL (SELECT (hashint8extended(i, 9) & 2147483647) % 20000 AS s, (hashint8extended(i, 10) & 2147483647) % 20000 AS t) AS people
    ) AS r`;
}

/** GIN indexes of archived_emails, dropped for the load and recreated from their definitions. */
async function ginIndexes(client: pg.Client): Promise<Array<{ name: string; definition: string }>> {
  await client.query(`CREATE TABLE IF NOT EXISTS bench_dropped_indexes (name text PRIMARY KEY, definition text NOT NULL)`);
  await client.query(`INSERT INTO bench_dropped_indexes
    SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('archived_emails') AND indexdef LIKE '%USING gin%'
    ON CONFLICT DO NOTHING`);
  return (await client.query("SELECT name, definition FROM bench_dropped_indexes ORDER BY name")).rows;
}

async function main() {
  await applyMigrations(url, log);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const source = await client.query<{ id: string }>(
    `INSERT INTO ingestion_sources (id, name, name_key, provider) VALUES (gen_random_uuid(), 'Search scale', 'search scale', 'mbox')
     ON CONFLICT (name_key) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  const sourceId = source.rows[0].id;
  const existing = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'bench_sentences'");
  if (existing.rows[0].n === 0) {
    const sentences = realSentences(Number(values.sentences));
    log(`${sentences.length} sentences of real text`);
    await client.query("CREATE TABLE bench_sentences (id int PRIMARY KEY, text text NOT NULL)");
    const stream = client.query(copyFrom("COPY bench_sentences (id, text) FROM STDIN"));
    await new Promise<void>((resolve, reject) => {
      stream.on("finish", resolve).on("error", reject);
      sentences.forEach((text, index) => stream.write(`${index + 1}\t${text.replace(/\\/g, "\\\\")}\n`));
      stream.end();
    });
    await client.query("ANALYZE bench_sentences");
  }
  const sentenceCount = (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM bench_sentences")).rows[0].n;
  await client.query("CREATE TABLE IF NOT EXISTS bench_chunks (first bigint PRIMARY KEY)");
  const indexes = await ginIndexes(client);
  for (const index of indexes) await client.query(`DROP INDEX IF EXISTS ${index.name}`);
  const done = new Set((await client.query<{ first: string }>("SELECT first FROM bench_chunks")).rows.map((row) => Number(row.first)));
  const pending: number[] = [];
  for (let first = 1; first <= rows; first += chunk) if (!done.has(first)) pending.push(first);
  log(`${pending.length} chunks of ${chunk} to load (${done.size} loaded before), ${workers} workers`);
  const sql = insertSql(sentenceCount);
  let loaded = done.size * chunk;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      const worker = new pg.Client({ connectionString: url });
      await worker.connect();
      await worker.query("SET synchronous_commit = off");
      for (let first = pending.shift(); first !== undefined; first = pending.shift()) {
        const last = Math.min(rows, first + chunk - 1);
        await worker.query("BEGIN");
        await worker.query(sql, [sourceId, first, last]);
        await worker.query("INSERT INTO bench_chunks (first) VALUES ($1)", [first]);
        await worker.query("COMMIT");
        loaded += last - first + 1;
        log(`emails: ${loaded}/${rows}`);
      }
      await worker.end();
    }),
  );
  await client.query("SET maintenance_work_mem = '1GB'");
  await client.query("SET max_parallel_maintenance_workers = 2");
  for (const index of indexes) {
    log(`creating ${index.name}`);
    await client.query(index.definition.replace(/^CREATE INDEX/, "CREATE INDEX IF NOT EXISTS"));
  }
  await client.query("DELETE FROM bench_dropped_indexes");
  // The planner's statistics only: a VACUUM of the whole table (for the visibility map and hint
  // bits) reads every page, 10+ minutes at 10M on a loaded 2-core machine, and no search plan uses
  // an index-only scan of archived_emails.
  log("ANALYZE archived_emails");
  await client.query("ANALYZE archived_emails");
  const size = await client.query(
    "SELECT pg_size_pretty(pg_total_relation_size('archived_emails')) AS emails, pg_size_pretty(pg_database_size(current_database())) AS database, (SELECT count(*) FROM archived_emails) AS count",
  );
  log(`done: ${JSON.stringify(size.rows[0])}`);
  await client.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
