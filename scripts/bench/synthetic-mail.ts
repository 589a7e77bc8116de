/**
 * A deterministic synthetic mail corpus (seeded): sender/recipient populations, threads, sizes
 * from 2 KB to 5 MB with a long tail, ~20% with attachments (real PDFs and DOCX from a pool, and
 * binary files), non-ASCII subjects and bodies, and one malformed message in every 500.
 */
const FIRST = [
  "Alice",
  "Bob",
  "Carol",
  "Dave",
  "Eve",
  "Frank",
  "Grace",
  "Heidi",
  "Ivan",
  "Judy",
  "Mallory",
  "Niaj",
  "Olivia",
  "Peggy",
  "Rupert",
  "Sybil",
  "Trent",
  "Victor",
  "Walter",
  "Zoë",
  "Jörg",
  "Søren",
  "Łukasz",
  "Ángel",
  "美咲",
];
const DOMAINS = ["example.com", "corp.example", "partner.example.org", "mail.example.net", "lawfirm.example"];
const WORDS =
  "contract invoice quarterly report budget meeting agenda proposal merger acquisition compliance audit review deadline project roadmap design release migration server outage customer renewal pricing discount legal hold retention policy schedule travel expense approval draft final signed confidential memo minutes forecast revenue margin hiring onboarding training security incident patch vendor supplier shipment delivery warranty claim dispute settlement Übersicht Prüfung Angebot réunion facture données 会議 報告".split(
    " ",
  );

export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  next(): number {
    // xorshift32: fast, deterministic, good enough for synthetic data.
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x100000000;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

export interface SyntheticPerson {
  name: string;
  email: string;
}

export function people(count: number, random: Random): SyntheticPerson[] {
  return Array.from({ length: count }, (_, index) => {
    const first = random.pick(FIRST);
    return {
      name: `${first} ${String.fromCharCode(65 + (index % 26))}.`,
      email: `${
        first
          .toLowerCase()
          .normalize("NFD")
          .replace(/[^a-z]/g, "") || "user"
      }${index}@${random.pick(DOMAINS)}`,
    };
  });
}

const ASCII_WORDS = WORDS.filter((word) => /^[a-z]+$/.test(word));

/** `count` words of the vocabulary (ASCII only when asked, e.g. for PDF standard fonts). */
export const textWords = (random: Random, count: number, asciiOnly = false) =>
  Array.from({ length: count }, () => random.pick(asciiOnly ? ASCII_WORDS : WORDS)).join(" ");
const words = textWords;

/** Text body size in bytes: mostly short, a few long threads or reports. */
function bodySize(random: Random): number {
  const roll = random.next();
  if (roll < 0.6) return 1_500 + random.int(4_500);
  if (roll < 0.95) return 6_000 + random.int(24_000);
  return 30_000 + random.int(120_000);
}

/** Binary attachment size in bytes: the long tail of message sizes (up to 3.6 MB, ~5 MB encoded). */
function attachmentSize(random: Random): number {
  const roll = random.next();
  if (roll < 0.7) return 10_000 + random.int(190_000);
  if (roll < 0.95) return 200_000 + random.int(800_000);
  return 1_000_000 + random.int(2_600_000);
}

/** One message in this many is malformed (in one of the MALFORMED ways). */
export const MALFORMED_EVERY = 500;

function encodeHeader(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString("base64")}?=`;
}

export interface SyntheticMessageOptions {
  index: number;
  random: Random;
  population: SyntheticPerson[];
  /** Real documents to attach (see attachment-pool.ts); without it every attachment is binary. */
  pool?: { pdfs: Attachment[]; docx: Attachment[] };
  /** Replaces the attachment choice (the soak attaches small text files). */
  attachment?: (random: Random, size: number) => Attachment;
  /** Never produce the malformed messages (the soak's single-message imports must all succeed). */
  wellFormedOnly?: boolean;
}

interface Attachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Of the messages with an attachment: 35% a PDF, 30% a DOCX, the rest a binary file of the long-tail size. */
function pickAttachment(random: Random, pool: SyntheticMessageOptions["pool"]): Attachment {
  const roll = random.next();
  if (pool && roll < 0.35) return random.pick(pool.pdfs);
  if (pool && roll < 0.65) return random.pick(pool.docx);
  return randomAttachment(random, attachmentSize(random));
}

/** Broken in the ways real exports are: no header block, a truncated multipart with bad base64, raw 8-bit headers. */
function malformedMessage(index: number, random: Random): Buffer {
  const text = words(random, 200);
  switch ((index / MALFORMED_EVERY) % 3) {
    case 0:
      return Buffer.from(`this line is not a header\r\n${text}\r\n`);
    case 1:
      return Buffer.from(
        [
          `Message-ID: <synthetic-${index}@bench.example>`,
          "Subject: truncated multipart",
          'Content-Type: multipart/mixed; boundary="never-closed"',
          "",
          "--never-closed",
          "Content-Type: application/pdf",
          "Content-Transfer-Encoding: base64",
          "",
          "JVBERi0xLjQK%%%not*base64***",
          text,
        ].join("\r\n"),
      );
    default:
      return Buffer.concat([
        Buffer.from(`Message-ID: <synthetic-${index}@bench.example>\r\nSubject: `),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1]),
        Buffer.from(`\r\nFrom broken header without colon\r\nDate: not a date\r\n\r\n${text}\r\n`),
      ]);
  }
}

function randomAttachment(random: Random, size: number) {
  const bytes = Buffer.alloc(size);
  for (let offset = 0; offset < size; offset += 4) bytes.writeUInt32LE(Math.floor(random.next() * 0xffffffff), Math.min(offset, size - 4));
  return { filename: `${random.pick(WORDS)}-${random.int(1000)}.bin`, contentType: "application/octet-stream", bytes };
}

/** One message, CRLF line ends; every 5th message replies into an earlier thread. */
export function syntheticMessage(options: SyntheticMessageOptions): Buffer {
  const { random, index, population } = options;
  if (!options.wellFormedOnly && index > 0 && index % MALFORMED_EVERY === 0) return malformedMessage(index, random);
  const from = random.pick(population);
  const to = Array.from({ length: 1 + random.int(3) }, () => random.pick(population));
  const threadRoot = index > 10 && index % 5 === 0 ? index - 1 - random.int(Math.min(index - 1, 50)) : null;
  const subject = `${threadRoot !== null ? "Re: " : ""}${words(random, 3 + random.int(5))} #${threadRoot ?? index}`;
  const date = new Date(Date.UTC(2015, 0, 1) + random.int(10 * 365 * 24 * 3600) * 1000);
  const headers = [
    `From: ${encodeHeader(from.name)} <${from.email}>`,
    `To: ${to.map((person) => `${encodeHeader(person.name)} <${person.email}>`).join(", ")}`,
    `Subject: ${encodeHeader(subject)}`,
    `Date: ${date.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <synthetic-${index}@bench.example>`,
    ...(threadRoot !== null
      ? [`In-Reply-To: <synthetic-${threadRoot}@bench.example>`, `References: <synthetic-${threadRoot}@bench.example>`]
      : []),
    "MIME-Version: 1.0",
  ];
  const targetSize = bodySize(random);
  const lines: string[] = [];
  let size = 0;
  while (size < targetSize) {
    const line = words(random, 8 + random.int(8));
    lines.push(line);
    size += Buffer.byteLength(line) + 2;
  }
  const text = lines.join("\r\n");
  if (random.next() >= 0.2) return mimeMessage(headers, text);
  const attachment = options.attachment ? options.attachment(random, attachmentSize(random)) : pickAttachment(random, options.pool);
  return mimeMessage(headers, text, {
    boundary: `synthetic-boundary-${index}`,
    contentType: attachment.contentType,
    filename: attachment.filename,
    encoding: "base64",
    body: (attachment.bytes.toString("base64").match(/.{1,76}/g) ?? []).join("\r\n"),
  });
}

/** A message's bytes (CRLF line ends): its headers, then its text alone or followed by one attachment, already encoded. */
export function mimeMessage(
  headers: string[],
  text: string,
  attachment?: { boundary: string; contentType: string; filename: string; encoding: "base64" | "8bit"; body: string },
): Buffer {
  const textPart = ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", text];
  if (!attachment) return Buffer.from([...headers, ...textPart, ""].join("\r\n"));
  const { boundary } = attachment;
  return Buffer.from(
    [
      ...headers,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      ...textPart,
      `--${boundary}`,
      `Content-Type: ${attachment.contentType}; name="${attachment.filename}"`,
      `Content-Disposition: attachment; filename="${attachment.filename}"`,
      `Content-Transfer-Encoding: ${attachment.encoding}`,
      "",
      attachment.body,
      `--${boundary}--`,
      "",
    ].join("\r\n"),
  );
}
