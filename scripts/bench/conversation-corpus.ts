/**
 * The review analytics' corpus (docs/benchmarks.md, "Review analytics"): conversations as mail
 * clients write them, in real English prose. The ingest corpus (random words from a 64-word
 * vocabulary) is no text-similarity workload: two of its unrelated bodies share 38 % of their
 * 5-character shingles at the median, against 1.4 % for the 2,081 real messages of the jwz
 * threading test data that Debian ships, so every email shared a near-duplicate band with a third
 * of the archive, which real mail does not.
 *
 * Each message starts a conversation or answers a recent one: replies quote their parent whole
 * (`On …, … wrote:` and `> ` lines, nested as clients nest them), three in four carry
 * `In-Reply-To`/`References`, the others only a localised reply prefix; some are forwards (the
 * attachment kept or dropped), copies of an earlier message in another mailbox (same Message-ID,
 * other delivery headers) and near-duplicates (an earlier text with a sentence changed). One in
 * ten carries a small attachment. Bodies are 1-12 sentences of prose with a greeting and a
 * signature.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { mimeMessage, people, Random, type SyntheticPerson } from "./synthetic-mail";
import { realSentences } from "./prose";

/** Part of cached corpus file names: bump it when the corpus bytes change. */
export const CONVERSATION_CORPUS_VERSION = 1;

const REPLY_PREFIXES = ["Re: ", "RE: ", "AW: ", "SV: ", "Antw: ", "RV: "];
/** Replies pick their parent among this many most recent messages (a conversation stays alive a while). */
const RECENT = 400;

interface Written {
  messageId: string;
  subject: string;
  from: SyntheticPerson;
  to: SyntheticPerson[];
  date: Date;
  /** The whole body as sent, quotes included (what a reply quotes). */
  body: string;
  /** The sender's own sentences (what a near-duplicate copies). */
  own: string[];
  attachment: { filename: string; text: string } | null;
  /** In-Reply-To and References, when it has them (a copy keeps them). */
  threading: string[];
}

const mailDate = (date: Date) => date.toUTCString().replace("GMT", "+0000");
const address = (person: SyntheticPerson) => `${person.name.replace(/[^\x20-\x7e]/g, "")} <${person.email}>`;

function quoted(parent: Written): string {
  const quote = parent.body
    .split("\r\n")
    .map((line) => (line.startsWith(">") ? `>${line}` : `> ${line}`))
    .join("\r\n");
  return `On ${mailDate(parent.date)}, ${address(parent.from)} wrote:\r\n${quote}`;
}

export function bodyOf(own: string[], from: SyntheticPerson, to: SyntheticPerson, after: string | null): string {
  const paragraphs: string[] = [];
  for (let at = 0; at < own.length; at += 3) paragraphs.push(own.slice(at, at + 3).join(" "));
  const first = to.name.split(" ")[0];
  const text = [`Hi ${first},`, ...paragraphs, `Best regards,\r\n${from.name}`].join("\r\n\r\n");
  return after ? `${text}\r\n\r\n${after}` : text;
}

function message(written: Written, extraHeaders: string[] = []): Buffer {
  const head = [
    `From: ${address(written.from)}`,
    `To: ${written.to.map(address).join(", ")}`,
    `Subject: ${written.subject}`,
    `Date: ${mailDate(written.date)}`,
    `Message-ID: <${written.messageId}>`,
    ...(extraHeaders.length > 0 ? extraHeaders : written.threading),
    "MIME-Version: 1.0",
  ];
  if (!written.attachment) return mimeMessage(head, written.body);
  return mimeMessage(head, written.body, {
    boundary: `conversation-${written.messageId.replace(/[^a-z0-9]/gi, "")}`,
    contentType: "text/plain; charset=utf-8",
    filename: written.attachment.filename,
    encoding: "8bit",
    body: written.attachment.text,
  });
}

/** The corpus's messages in order, each as raw bytes (CRLF line ends). */
export function* conversationMessages(options: { seed: number; messages: number }): Generator<Buffer> {
  const random = new Random(options.seed);
  const sentences = realSentences(200_000);
  const population = people(2000, random);
  const sentence = () => sentences[random.int(sentences.length)];
  const ownSentences = () => Array.from({ length: 1 + random.int(12) }, sentence);
  const recent: Written[] = [];
  let clock = Date.UTC(2021, 0, 1) + options.seed * 86_400_000;
  for (let index = 0; index < options.messages; index++) {
    clock += 30_000 + random.int(600_000);
    const id = `conversation-${options.seed}-${index}@bench.example`;
    const kind = random.next();
    const parent = recent.length > 0 ? recent[recent.length - 1 - random.int(Math.min(recent.length, RECENT))] : null;
    let written: Written;
    if (parent && kind < 0.03) {
      // Another mailbox's copy of a recent message: the same message, delivered elsewhere.
      yield message(parent, [...parent.threading, `Delivered-To: ${random.pick(population).email}`, `X-Bench-Mailbox: copy-${index}`]);
      continue;
    } else if (parent && kind < 0.05) {
      // A near-duplicate: the text sent again with one sentence changed (or one more).
      const own = [...parent.own];
      if (own.length > 1 && random.next() < 0.5) own[random.int(own.length)] = sentence();
      else own.push(sentence());
      const from = random.pick(population);
      const to = [random.pick(population)];
      written = {
        messageId: id,
        subject: parent.subject,
        from,
        to,
        date: new Date(clock),
        body: bodyOf(own, from, to[0], null),
        own,
        attachment: null,
        threading: [],
      };
    } else if (parent && kind < 0.1) {
      // A forward: the parent below a forward line, its attachment kept or dropped.
      const from = random.pick(population);
      const to = [random.pick(population)];
      const own = random.next() < 0.5 ? [sentence()] : [];
      const forwarded = `---------- Forwarded message ---------\r\nFrom: ${address(parent.from)}\r\nDate: ${mailDate(parent.date)}\r\nSubject: ${parent.subject}\r\n\r\n${parent.body}`;
      written = {
        messageId: id,
        subject: `Fwd: ${parent.subject.replace(/^(Re|RE|AW|SV|Antw|RV|Fwd): /, "")}`,
        from,
        to,
        date: new Date(clock),
        body: own.length > 0 ? bodyOf(own, from, to[0], forwarded) : forwarded,
        own,
        attachment: random.next() < 0.5 ? parent.attachment : null,
        threading: [`References: <${parent.messageId}>`],
      };
    } else if (parent && kind < 0.55) {
      // A reply to the whole thread so far, quoting its parent; a quarter without threading headers.
      const from = parent.to[0];
      const to = [parent.from];
      const own = ownSentences();
      const withHeaders = random.next() < 0.75;
      const threading = withHeaders ? [`In-Reply-To: <${parent.messageId}>`, `References: <${parent.messageId}>`] : [];
      const base = parent.subject.replace(/^(Re|RE|AW|SV|Antw|RV|Fwd): /, "");
      written = {
        messageId: id,
        subject: `${withHeaders ? "Re: " : random.pick(REPLY_PREFIXES)}${base}`,
        from,
        to,
        // Clock skew: now and then a reply is dated a few minutes before its parent.
        date: new Date(random.next() < 0.05 ? parent.date.getTime() - random.int(300_000) : clock),
        body: bodyOf(own, from, to[0], quoted(parent)),
        own,
        attachment: random.next() < 0.05 ? { filename: `notes-${index}.txt`, text: ownSentences().join("\r\n") } : null,
        threading,
      };
    } else {
      const from = random.pick(population);
      const to = Array.from({ length: 1 + random.int(3) }, () => random.pick(population));
      const own = ownSentences();
      written = {
        messageId: id,
        subject: sentence()
          .split(" ")
          .slice(0, 3 + random.int(5))
          .join(" ")
          .replace(/[.,:;!?]+$/, ""),
        from,
        to,
        date: new Date(clock),
        body: bodyOf(own, from, to[0], null),
        own,
        attachment: random.next() < 0.1 ? { filename: `report-${index}.txt`, text: ownSentences().join("\r\n") } : null,
        threading: [],
      };
    }
    recent.push(written);
    if (recent.length > RECENT) recent.shift();
    yield message(written);
  }
}

/** Writes the corpus as one mbox (mboxrd quoting). */
export async function writeConversationMbox(options: { out: string; seed: number; messages: number }): Promise<void> {
  const out = createWriteStream(options.out);
  let index = 0;
  for (const raw of conversationMessages(options)) {
    const text = raw.toString("latin1").replace(/^(>*From )/gm, ">$1");
    const entry = Buffer.from(`From conversation-${index++}@bench.example Mon Jan  1 00:00:00 2024\n${text}\n`, "latin1");
    if (!out.write(entry)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}
