/**
 * The corpus of the storage scenario (scripts/bench/scenarios/storage.ts, docs/benchmarks.md
 * "Storage"): deterministic (seeded) mail whose composition is written down here and counted as it
 * is written, so the bytes-on-disk figures can be judged against it. Of the messages:
 *
 * - 30% plain text notes (1.5-8 KB of text);
 * - 15% HTML mail: multipart/alternative, the text and an HTML rendering of it;
 * - 15% newsletters: multipart/alternative from one of four senders, each with its own HTML
 *   template (styles, header, footer: ~9 KB repeated in every issue) around new articles;
 * - 20% replies quoting an earlier message of the corpus (a new paragraph, then the earlier text
 *   quoted with "> ");
 * - 20% with an attachment (plus a short text): 30% a PDF and 25% a DOCX from the bench's pool
 *   (attachment-pool.ts: 12 documents that recur across messages, as forwarded reports do), 25% a
 *   photo from a pool of 20 incompressible JPEG-like files of 30-400 KB (sent to several people),
 *   20% a unique incompressible binary of 20-300 KB.
 *
 * All well formed, CRLF line ends, attachments base64 at 76 characters a line.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { buildAttachmentPool, type PooledAttachment } from "./attachment-pool";
import { people, Random, textWords, type SyntheticPerson } from "./synthetic-mail";

/** Part of cached corpus file names: bump it when the corpus bytes change. */
export const STORAGE_CORPUS_VERSION = 1;

export type StorageMailKind = "plain" | "html" | "newsletter" | "reply" | "pooled document" | "pooled photo" | "unique binary";

export interface StorageCorpusStats {
  messages: number;
  bytes: number;
  kinds: Record<StorageMailKind, number>;
}

const CRLF = "\r\n";

function paragraphs(random: Random, bytes: number): string[] {
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line = textWords(random, 8 + random.int(8));
    lines.push(line);
    size += line.length + 2;
  }
  return lines;
}

function randomBytes(random: Random, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let offset = 0; offset + 4 <= size; offset += 4) bytes.writeUInt32LE(Math.floor(random.next() * 0xffffffff), offset);
  return bytes;
}

/** JPEG-like: the start-of-image marker and a JFIF header, then incompressible bytes. */
function photo(random: Random, index: number): PooledAttachment {
  const body = randomBytes(random, 30_000 + random.int(370_000));
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(body);
  return { filename: `IMG_${4000 + index}.jpg`, contentType: "image/jpeg", bytes: body };
}

function newsletterTemplate(random: Random, sender: string): { head: string; foot: string } {
  const style = Array.from(
    { length: 60 },
    (_, n) =>
      `.c${n} { font-family: Helvetica, Arial, sans-serif; color: #${(random.int(0xffffff) | 0x101010).toString(16)}; margin: 0 0 ${n % 12}px 0; }`,
  ).join(CRLF);
  const head = `<!DOCTYPE html>${CRLF}<html><head><meta charset="utf-8"><style>${CRLF}${style}${CRLF}</style></head><body class="c0">${CRLF}<table class="c1" width="100%"><tr><td class="c2"><h1 class="c3">${sender} weekly</h1></td></tr>`;
  const foot = `<tr><td class="c4"><p class="c5">You receive this because you subscribed to ${sender}. ${textWords(random, 40, true)}</p><p class="c6"><a href="https://news.example/unsubscribe">Unsubscribe</a> | <a href="https://news.example/preferences">Preferences</a></p></td></tr></table></body></html>`;
  return { head, foot };
}

const headerLines = (
  from: SyntheticPerson,
  to: SyntheticPerson[],
  subject: string,
  index: number,
  random: Random,
  extra: string[] = [],
) => [
  `From: ${from.name.replace(/[^\x20-\x7e]/g, "")} <${from.email}>`,
  `To: ${to.map((person) => `<${person.email}>`).join(", ")}`,
  `Subject: ${subject}`,
  `Date: ${new Date(Date.UTC(2016, 0, 1) + random.int(9 * 365 * 24 * 3600) * 1000).toUTCString().replace("GMT", "+0000")}`,
  `Message-ID: <storage-${index}@bench.example>`,
  ...extra,
  "MIME-Version: 1.0",
];

const alternative = (index: number, text: string, html: string) => {
  const boundary = `alt-${index}`;
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    text,
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    html,
    `--${boundary}--`,
    "",
  ];
};

/** Writes the corpus as an mbox (mboxrd), streaming; answers what it wrote, by kind. */
export async function writeStorageCorpusMbox(options: { out: string; seed: number; messages: number }): Promise<StorageCorpusStats> {
  const random = new Random(options.seed ^ 0x570a6e);
  const population = people(500, random);
  const pool = await buildAttachmentPool(options.seed);
  const photos = Array.from({ length: 20 }, (_, n) => photo(random, n));
  const senders = ["Market Watch", "Dev Digest", "HR News", "Legal Update"];
  const templates = senders.map((sender) => newsletterTemplate(random, sender));
  const earlier: { index: number; subject: string; text: string }[] = [];
  const stats: StorageCorpusStats = {
    messages: 0,
    bytes: 0,
    kinds: { plain: 0, html: 0, newsletter: 0, reply: 0, "pooled document": 0, "pooled photo": 0, "unique binary": 0 },
  };
  const out = createWriteStream(options.out);
  for (let index = 0; index < options.messages; index++) {
    const from = random.pick(population);
    const to = Array.from({ length: 1 + random.int(3) }, () => random.pick(population));
    const subject = textWords(random, 3 + random.int(4), true);
    const roll = random.next();
    let kind: StorageMailKind;
    let lines: string[];
    if (roll < 0.3 || (roll >= 0.6 && roll < 0.8 && earlier.length === 0)) {
      kind = "plain";
      const text = paragraphs(random, 1_500 + random.int(6_500)).join(CRLF);
      lines = [
        ...headerLines(from, to, subject, index, random),
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        text,
        "",
      ];
      earlier.push({ index, subject, text });
    } else if (roll < 0.45) {
      kind = "html";
      const body = paragraphs(random, 1_500 + random.int(6_500));
      const html = `<html><body>${body.map((line) => `<p style="font-family: Calibri, sans-serif; font-size: 11pt">${line}</p>`).join(CRLF)}</body></html>`;
      lines = [...headerLines(from, to, subject, index, random), ...alternative(index, body.join(CRLF), html)];
    } else if (roll < 0.6) {
      kind = "newsletter";
      const which = random.int(senders.length);
      const articles = Array.from({ length: 3 + random.int(4) }, () => ({
        title: textWords(random, 5, true),
        body: paragraphs(random, 600 + random.int(1_200)),
      }));
      const text = articles.map((article) => `${article.title.toUpperCase()}${CRLF}${article.body.join(CRLF)}`).join(CRLF + CRLF);
      const html =
        templates[which].head +
        articles
          .map(
            (article, n) =>
              `<tr><td class="c${7 + n}"><h2 class="c20">${article.title}</h2>${article.body.map((line) => `<p class="c21">${line}</p>`).join(CRLF)}</td></tr>`,
          )
          .join(CRLF) +
        templates[which].foot;
      const sender = { name: senders[which], email: `news@${senders[which].toLowerCase().replace(/ /g, "-")}.example` };
      lines = [...headerLines(sender, to, `${senders[which]}: ${subject}`, index, random), ...alternative(index, text, html)];
    } else if (roll < 0.8) {
      kind = "reply";
      const quoted = earlier[earlier.length - 1 - random.int(Math.min(earlier.length, 40))];
      const text = [
        ...paragraphs(random, 300 + random.int(1_500)),
        "",
        `On a weekday, ${from.email} wrote:`,
        ...quoted.text.split(CRLF).map((line) => `> ${line}`),
      ].join(CRLF);
      const extra = [`In-Reply-To: <storage-${quoted.index}@bench.example>`, `References: <storage-${quoted.index}@bench.example>`];
      lines = [
        ...headerLines(from, to, `Re: ${quoted.subject}`, index, random, extra),
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        text,
        "",
      ];
      earlier.push({ index, subject: quoted.subject, text });
    } else {
      const which = random.next();
      let attachment: PooledAttachment;
      if (which < 0.3) [kind, attachment] = ["pooled document", random.pick(pool.pdfs)];
      else if (which < 0.55) [kind, attachment] = ["pooled document", random.pick(pool.docx)];
      else if (which < 0.8) [kind, attachment] = ["pooled photo", random.pick(photos)];
      else
        [kind, attachment] = [
          "unique binary",
          {
            filename: `data-${index}.bin`,
            contentType: "application/octet-stream",
            bytes: randomBytes(random, 20_000 + random.int(280_000)),
          },
        ];
      const boundary = `mixed-${index}`;
      const base64 = (attachment.bytes.toString("base64").match(/.{1,76}/g) ?? []).join(CRLF);
      lines = [
        ...headerLines(from, to, subject, index, random),
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        "",
        `--${boundary}`,
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        paragraphs(random, 200 + random.int(1_000)).join(CRLF),
        `--${boundary}`,
        `Content-Type: ${attachment.contentType}; name="${attachment.filename}"`,
        `Content-Disposition: attachment; filename="${attachment.filename}"`,
        "Content-Transfer-Encoding: base64",
        "",
        base64,
        `--${boundary}--`,
        "",
      ];
    }
    stats.kinds[kind]++;
    const message = lines.join(CRLF).replace(/^(>*From )/gm, ">$1");
    const entry = Buffer.from(`From storage-${index}@bench.example Mon Jan  1 00:00:00 2024\n${message}\n`, "utf8");
    stats.messages++;
    stats.bytes += entry.length;
    if (!out.write(entry)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return stats;
}
