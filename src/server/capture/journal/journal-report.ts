import { simpleParser } from "mailparser";
import type { MessageEnvelope } from "../ingestion/ingestion.types";

/** Exchange on-premises marks its envelope journal reports so; Microsoft 365 adds the second form. */
const REPORT_HEADERS = ["x-ms-exchange-organization-journal-report", "x-ms-journal-report"];
/** `Recipient: a@x`, `To: a@x, Expanded: dl@x`, `Bcc: a@x, Forwarded: b@x`: the first address is the recipient. */
const RECIPIENT_LINE = /^(?:to|cc|bcc|recipient)\s*:\s*<?([^\s,<>]+@[^\s,<>]+)>?/i;
const SENDER_LINE = /^sender\s*:\s*<?([^\s,<>]+@[^\s,<>]+)>?/im;
const HEADER_END = /\r?\n\r?\n/;

export interface UnwrappedReport {
  raw: Buffer;
  envelope: MessageEnvelope;
}

/** Whether the message's header section names it a journal report (cheap: no MIME parsing). */
export function looksLikeJournalReport(raw: Buffer): boolean {
  const head = raw.subarray(0, 256 * 1024).toString("latin1");
  const end = head.search(HEADER_END);
  const headers = (end === -1 ? head : head.slice(0, end)).toLowerCase();
  return REPORT_HEADERS.some((name) => headers.startsWith(`${name}:`) || headers.includes(`\n${name}:`));
}

/** The report's `Sender:` and recipient lines (To, Cc, Bcc, Recipient, each expanded member on its own line). */
export function reportEnvelope(text: string): MessageEnvelope | null {
  const sender = SENDER_LINE.exec(text)?.[1];
  const recipients = text
    .split(/\r?\n/)
    .map((line) => RECIPIENT_LINE.exec(line.trim())?.[1])
    .filter((address): address is string => address !== undefined);
  if (!sender && recipients.length === 0) return null;
  return { from: sender ?? "", recipients: [...new Set(recipients.map((address) => address.toLowerCase()))] };
}

/**
 * An Exchange / Microsoft 365 envelope journal report → the original message (the attached
 * message/rfc822 part, byte for byte) with the report's sender and recipients as its envelope.
 * Anyone can write a report's header fields, so this is the one place that decides whether to
 * believe them: only for a source configured for Exchange journaling (`exchangeReports`) and a
 * client trusted for it (`sessionTrusted`: authenticated, or in its explicit allow-list;
 * docs/journaling.md). Null otherwise, or when the message is not such a report or cannot be
 * unwrapped: it is then archived as received.
 */
export async function unwrapJournalReport(
  raw: Buffer,
  delivery: { source: { exchangeReports: boolean }; trusted: boolean },
): Promise<UnwrappedReport | null> {
  if (!delivery.source.exchangeReports || !delivery.trusted || !looksLikeJournalReport(raw)) return null;
  try {
    const report = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
    const original = report.attachments.find((attachment) => attachment.contentType.toLowerCase() === "message/rfc822");
    const envelope = reportEnvelope(report.text ?? "");
    if (!original || original.content.length === 0 || !envelope) return null;
    return { raw: original.content, envelope };
  } catch {
    return null;
  }
}
