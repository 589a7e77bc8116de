import { eld } from "eld/small";

export interface LanguageShare {
  code: string;
  share: number;
}

/** Fewer letters than this cannot be told apart reliably: the text is `und`. */
const MIN_LETTERS = 20;
/** A segment is at least this long unless its paragraph ends first. */
const SEGMENT_CHARS = 60;
/** A secondary language counts from this share of the text. */
const MIN_SECONDARY_SHARE = 0.1;
/** The shares are those of the first this many characters of the own text (a long text's languages rarely change past them). */
const MAX_TEXT_CHARS = 8_000;
const UNDETERMINED: LanguageShare[] = [{ code: "und", share: 1 }];

const letterCount = (text: string) => text.match(/\p{L}/gu)?.length ?? 0;

/**
 * Sentences, each joined with the next ones of its paragraph while shorter than SEGMENT_CHARS, so
 * each piece has enough text to be told, and no piece spans two paragraphs (a reply and its quotation).
 */
function segmentsOf(text: string): string[] {
  const segments: string[] = [];
  for (const paragraph of text.slice(0, MAX_TEXT_CHARS).split(/\n\s*\n/u)) {
    let current = "";
    for (const sentence of paragraph.split(/(?<=[.!?])\s+|(?<=[。！？])/u)) {
      const piece = sentence.replace(/\s+/gu, " ").trim();
      if (letterCount(piece) === 0) continue;
      current = current === "" ? piece : `${current} ${piece}`;
      if (current.length >= SEGMENT_CHARS) {
        segments.push(current);
        current = "";
      }
    }
    if (current !== "") segments.push(current);
  }
  return segments;
}

/**
 * The languages of a text (docs/ediscovery.md, "Languages"): ISO 639-1 codes with their share of
 * the text's letters, primary first, then up to two secondary ones above 10 %; `und` when the text
 * is too short to tell. Each segment is identified on its own by ELD (the Efficient Language
 * Detector, n-gram statistics over 60 languages), so a German reply above an English quotation
 * counts both.
 */
export function detectLanguages(text: string): LanguageShare[] {
  const letters = new Map<string, number>();
  let total = 0;
  for (const segment of segmentsOf(text)) {
    const weight = letterCount(segment);
    const code = eld.detect(segment).language;
    if (!code || weight < 4) continue;
    letters.set(code, (letters.get(code) ?? 0) + weight);
    total += weight;
  }
  if (total < MIN_LETTERS) return UNDETERMINED;
  const ranked = [...letters.entries()].sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]));
  const kept = ranked.filter(([, count], index) => index === 0 || (index <= 2 && count / total > MIN_SECONDARY_SHARE));
  return kept.map(([code, count]) => ({ code, share: Math.round((count / total) * 100) / 100 }));
}
