/**
 * The text forms the review analytics compare (docs/ediscovery.md, "Review analytics"): the
 * normalised subject that replies and forwards share, and the normalised body in which a reply's
 * quotation of its parent can be found whatever the client did to line breaks, quote markers,
 * case and punctuation.
 */

/**
 * Reply and forward prefixes of the common mail clients and languages, each optionally with an
 * `[n]` / `(n)` counter ("Re[2]:", "AW(3):"), before a colon (ASCII or full-width).
 */
const PREFIX =
  /^\s*(?:re|fwd?|fw|aw|wg|sv|vs|antw|doorst|tr|rv|rif|odp|回复|回覆|答复|转发|轉寄|転送|返信)\s*(?:\[\d{1,4}\]|\(\d{1,4}\))?\s*[:：]/iu;
/** A leading counter or list tag left alone between prefixes: "Re: [2] Re: x". */
const COUNTER = /^\s*\[\d{1,4}\]/u;

/** The subject a conversation's emails share: reply and forward prefixes (repeated, counted) removed, case and spacing ignored. */
export function subjectKeyOf(subject: string): string {
  let rest = subject.normalize("NFKC");
  for (let guard = 0; guard < 50; guard++) {
    const match = PREFIX.exec(rest) ?? COUNTER.exec(rest);
    if (!match) break;
    rest = rest.slice(match[0].length);
  }
  return rest.toLowerCase().replace(/\s+/gu, " ").trim();
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** Whether each UTF-16 unit of the basic plane is a letter or digit (surrogates are looked at in pairs). */
const WORD_UNITS = (() => {
  const table = new Uint8Array(0x10000);
  for (let unit = 0; unit < 0x10000; unit++)
    if (unit < 0xd800 || unit > 0xdfff) table[unit] = WORD_CHARACTER.test(String.fromCharCode(unit)) ? 1 : 0;
  return table;
})();

/**
 * Letters and digits only, lower case, one space between words: quote markers, line breaks and
 * punctuation gone. The same as replacing every run of other characters with a space and trimming,
 * by a table of the basic plane instead of a Unicode regular expression: it runs over every body
 * the analysis reads, and the expression was most of the analysis's own time.
 */
export function normalisedText(text: string): string {
  const source = text.normalize("NFKC").toLowerCase();
  const out = new Uint16Array(source.length);
  let length = 0;
  let gap = false;
  for (let index = 0; index < source.length; index++) {
    const unit = source.charCodeAt(index);
    let width = 1;
    let word: boolean;
    if (unit >= 0xd800 && unit < 0xdc00 && index + 1 < source.length) {
      const low = source.charCodeAt(index + 1);
      word = low >= 0xdc00 && low < 0xe000 ? ((width = 2), WORD_CHARACTER.test(source.slice(index, index + 2))) : false;
    } else word = WORD_UNITS[unit] === 1;
    if (!word) {
      gap = length > 0;
      continue;
    }
    if (gap) out[length++] = 0x20;
    gap = false;
    out[length++] = unit;
    if (width === 2) out[length++] = source.charCodeAt(++index);
  }
  return Buffer.from(out.buffer, 0, length * 2).toString("utf16le");
}

/** The part of a reply's normalised text that is not its parent's quoted text (the whole text when the quotation was edited). */
export function ownTextOf(text: string, parentText: string | null): string {
  if (!parentText) return text;
  const at = text.lastIndexOf(parentText);
  if (at < 0) return text;
  return `${text.slice(0, at)} ${text.slice(at + parentText.length)}`.replace(/ {2,}/g, " ").trim();
}

/**
 * Where quoted earlier mail starts in a body as written: a `>` line or a reply or forward header of
 * the common clients ("On … wrote:", "-----Original Message-----", Outlook's "From: … Sent:",
 * and their translations).
 */
const QUOTE_START =
  /^(?:>|-{2,}\s*(?:original message|forwarded message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale|oorspronkelijk bericht|mensagem original|ursprungligt meddelande|wiadomość oryginalna|исходное сообщение|weitergeleitete nachricht|message transféré)|(?:on|am|le|el|il|op|em|den|w dniu)\s.{0,200}(?:wrote|schrieb|a écrit|escribió|ha scritto|schreef|escreveu|skrev|napisał\(a\)|napisał|написал)\s*:?\s*$|(?:from|von|de|da|van|från|od|от)\s*:.*$)/imu;
/** The signature delimiter of RFC 3676 ("-- ") and its common trimmed form. */
const SIGNATURE = /^--\s?$/mu;

/**
 * The body's own words as written, for near-duplicates and languages: quoted earlier mail and the
 * signature removed, then each ignore pattern (already checked safe) removed.
 */
export function ownBodyOf(body: string, ignorePatterns: RegExp[]): string {
  let text = body.replace(/\r\n?/g, "\n");
  const quote = QUOTE_START.exec(text);
  if (quote && quote.index > 0) text = text.slice(0, quote.index);
  else if (quote && quote.index === 0) text = text.replace(/^>.*$/gmu, "");
  const signature = SIGNATURE.exec(text);
  if (signature) text = text.slice(0, signature.index);
  for (const pattern of ignorePatterns) text = text.replace(pattern, " ");
  return text;
}
