/**
 * A large analysed archive for measuring review analytics where it is slowest, at the end of a 1M
 * analysis (docs/benchmarks.md, "Review analytics"): fills the bench database with `rows` emails
 * already analysed, each with the near-duplicate signature, bands and text length of a text of real
 * prose (1-12 sentences of the conversation corpus's sentences, conversation-corpus.ts), so that the
 * candidate lookups of the emails analysed afterwards meet as many stored texts sharing a band as
 * they would among that many real emails. Threading keys are unique per row: they cost index depth,
 * not matches. The emails get minimal archive rows (no stored bytes); they are left out of the queue.
 *
 * The bench's review analytics scenario fills its archive with it up to the scale's archive size.
 */
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { people, Random } from "./synthetic-mail";
import { bodyOf } from "./conversation-corpus";
import { realSentences } from "./prose";
import { nearDuplicateTextOf } from "../../src/server/analytics/analyse-email-text";
import {
  bandingFor,
  bandKeys,
  minHashSignature,
  NEAR_DUPLICATE_MIN_CHARS,
  shingleSet,
} from "../../src/server/analytics/near-duplicate-signature";

async function copyRows(client: pg.Client, sql: string, lines: Iterable<string>) {
  const stream = client.query(copyFrom(sql));
  await new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve).on("error", reject);
    for (const line of lines) stream.write(line);
    stream.end();
  });
}

export async function fillAnalysedArchive(client: pg.Client, options: { rows: number; seed: number; log: (text: string) => void }) {
  const { rows, log } = options;
  const sentences = realSentences(200_000);
  const random = new Random(options.seed);
  const banding = bandingFor(0.8);
  const population = people(2000, random);
  const source = await client.query<{ id: string }>(
    `INSERT INTO ingestion_sources (id, name, name_key, provider) VALUES (gen_random_uuid(), 'Analysis scale', 'analysis scale', 'mbox')
     ON CONFLICT (name_key) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
  );
  const sourceId = source.rows[0].id;
  await client.query("DROP INDEX IF EXISTS email_analysis_near_duplicate_bands_idx");
  const chunk = 50_000;
  for (let first = 0; first < rows; first += chunk) {
    const count = Math.min(chunk, rows - first);
    const ids = Array.from({ length: count }, () => crypto.randomUUID());
    const analysis: string[] = [];
    for (const [index, id] of ids.entries()) {
      const own = Array.from({ length: 1 + random.int(12) }, () => sentences[random.int(sentences.length)]);
      // The body as the corpus writes it (greeting, paragraphs, closing): what makes unrelated emails alike.
      const body = bodyOf(own, random.pick(population), random.pick(population), null).replace(/\r\n/g, "\n");
      const text = nearDuplicateTextOf(body, { threshold: 0.8, ignorePatterns: [] });
      const signature = text.length >= NEAR_DUPLICATE_MIN_CHARS ? minHashSignature(shingleSet(text)) : [];
      const bands = bandKeys(signature, banding);
      const n = first + index;
      analysis.push(
        [
          id,
          crypto.randomUUID(),
          `scale-${n}@analysis.example`,
          `scale subject ${n}`,
          "inclusive",
          `{${bands.join(",")}}`,
          `{${signature.join(",")}}`,
          text.length,
          '[{"code":"en","share":1}]',
          "{en}",
        ].join("\t") + "\n",
      );
    }
    await client.query("BEGIN");
    await client.query("SET LOCAL synchronous_commit = off");
    await copyRows(
      client,
      "COPY archived_emails (id, ingestion_source_id, user_email, message_id_header, sent_at, storage_path, storage_hash_sha256, size_bytes) FROM STDIN",
      ids.map(
        (id, index) =>
          `${id}\t${sourceId}\tscale@analysis.example\tscale-${first + index}@analysis.example\t2020-01-01T00:00:00Z\tscale/${id}\t${id.replace(/-/g, "")}${id.replace(/-/g, "")}\t1\n`,
      ),
    );
    await client.query("DELETE FROM analysis_queue q USING archived_emails e WHERE e.id = q.email_id AND e.ingestion_source_id = $1", [
      sourceId,
    ]);
    await copyRows(
      client,
      "COPY email_analysis (email_id, conversation_id, copy_key, subject_key, thread_class, near_duplicate_bands, near_duplicate_signature, near_duplicate_text_length, languages, language_codes) FROM STDIN",
      analysis,
    );
    await client.query("COMMIT");
    if ((first + count) % 200_000 === 0 || first + count === rows) log(`analysed archive: ${first + count}/${rows}`);
  }
  log("analysed archive: building the bands index");
  await client.query(
    'CREATE INDEX "email_analysis_near_duplicate_bands_idx" ON "email_analysis" USING GIN ("near_duplicate_bands") WITH (fastupdate = off)',
  );
  await client.query("VACUUM ANALYZE email_analysis");
  await client.query("VACUUM ANALYZE archived_emails");
}
