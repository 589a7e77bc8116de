/** ELD's detector, once loaded (loadLanguageDetector). */
let detector: (typeof import("eld/small"))["eld"] | undefined;

/**
 * Loads the language detector. Its n-gram tables take about 60 MB of the process's memory once
 * collected (more while they load), so they are loaded the first time a text is to be analysed: a
 * worker that only exports, syncs or deletes (or a CLI command) never holds them.
 */
export async function loadLanguageDetector(): Promise<void> {
  detector ??= (await import("eld/small")).eld;
}

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
/**
 * At most this many segments are identified, spread evenly over the text, and the shares of a
 * longer text are those of this sample: identifying segments was the costliest step of the
 * analysis (a text of up to about 1,500 characters is still read whole).
 */
const MAX_SEGMENTS = 24;
const UNDETERMINED: LanguageShare[] = [{ code: "und", share: 1 }];

/** Letters (code points of category L), counted without building an array of them. */
function letterCount(text: string): number {
  const letters = text.replace(/\P{L}+/gu, "");
  let count = letters.length;
  // A letter outside the basic plane is two UTF-16 units.
  for (let index = 0; index < letters.length; index++) {
    const unit = letters.charCodeAt(index);
    if (unit >= 0xd800 && unit < 0xdc00) count--;
  }
  return count;
}

/** `count` of the segments, evenly spread from the first to the last (all of them when there are fewer). */
function sampled(segments: string[], count: number): string[] {
  if (segments.length <= count) return segments;
  const step = segments.length / count;
  return Array.from({ length: count }, (_, index) => segments[Math.floor(index * step)]);
}

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
      if (!/\p{L}/u.test(piece)) continue;
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
 * counts both; of a long text, MAX_SEGMENTS segments spread over it.
 */
export function detectLanguages(text: string): LanguageShare[] {
  const eld = detector;
  if (!eld) throw new Error("detectLanguages: loadLanguageDetector() was not awaited");
  const letters = new Map<string, number>();
  let total = 0;
  // A short text with too few letters is told without segmenting it (a long one is counted below).
  if (text.length < 1_000 && letterCount(text) < MIN_LETTERS) return UNDETERMINED;
  for (const segment of sampled(segmentsOf(text), MAX_SEGMENTS)) {
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
