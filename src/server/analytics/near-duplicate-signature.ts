/**
 * Near-duplicate text comparison (docs/ediscovery.md, "Near-duplicates"): the similarity of two
 * normalised texts is the Jaccard index of their sets of 5-character shingles (so it works alike
 * for languages written with and without spaces); candidates are found by MinHash with
 * locality-sensitive bands, and every candidate is then compared exactly.
 */

const SHINGLE = 5;
/** Values per signature. */
export const HASHES = 60;
/** The least chance that two texts exactly at the threshold share a band (bandingFor). */
const BAND_RECALL = 0.999;
/** Below this many characters a text has too few shingles for a similarity to mean anything. */
export const NEAR_DUPLICATE_MIN_CHARS = 25;

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The distinct shingle hashes of a normalised text, sorted: FNV-1a over each run of SHINGLE code
 * points, in typed arrays (the worker runs with a small young generation: a Set per text was most
 * of its garbage collection). The code points are read with charCodeAt, not an iterator: this runs
 * over every analysed email's whole text.
 */
export function shingleSet(text: string): Uint32Array {
  const points = scratch.points(text.length);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit < 0xdc00 && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        points[length++] = ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        index++;
        continue;
      }
    }
    points[length++] = unit;
  }
  if (length === 0) return new Uint32Array(0);
  const count = Math.max(1, length - SHINGLE + 1);
  // Distinct hashes through an open-addressing table first: a text repeats many of its shingles, and
  // sorting only the distinct ones is most of the saving.
  const capacity = 2 ** Math.ceil(Math.log2(count * 2));
  const { slots, stamps, stamp } = scratch.table(capacity);
  const distinct = scratch.distinct(count);
  let distinctCount = 0;
  for (let start = 0; start < count; start++) {
    const end = Math.min(start + SHINGLE, length);
    let hash = 0x811c9dc5;
    for (let index = start; index < end; index++) {
      hash ^= points[index];
      hash = Math.imul(hash, 0x01000193);
    }
    hash >>>= 0;
    let slot = hash & (capacity - 1);
    while (stamps[slot] === stamp && slots[slot] !== hash) slot = (slot + 1) & (capacity - 1);
    if (stamps[slot] !== stamp) {
      stamps[slot] = stamp;
      slots[slot] = hash;
      distinct[distinctCount++] = hash;
    }
  }
  return distinct.slice(0, distinctCount).sort();
}

/**
 * Working arrays of shingleSet, kept between calls (one thread; no call is re-entered): allocating
 * and zeroing them per text was a good part of its time. A table slot is taken when its stamp is
 * the current call's, so the table is never cleared.
 */
const scratch = (() => {
  let points = new Uint32Array(0);
  let distinct = new Uint32Array(0);
  let slots = new Uint32Array(0);
  let stamps = new Uint32Array(0);
  let stamp = 0;
  const grown = (array: Uint32Array<ArrayBuffer>, size: number) =>
    array.length >= size ? array : new Uint32Array(Math.max(size, array.length * 2));
  return {
    points(size: number) {
      points = grown(points, size);
      return points;
    },
    distinct(size: number) {
      distinct = grown(distinct, size);
      return distinct;
    },
    table(capacity: number) {
      if (slots.length < capacity) {
        slots = new Uint32Array(capacity);
        stamps = new Uint32Array(capacity);
      }
      stamp = stamp === 0xffffffff ? 1 : stamp + 1;
      if (stamp === 1) stamps.fill(0);
      return { slots, stamps, stamp };
    },
  };
})();

/** |A ∩ B| / |A ∪ B| of two sorted distinct shingle sets; two empty sets are identical. */
export function jaccard(left: Uint32Array, right: Uint32Array): number {
  if (left.length === 0 && right.length === 0) return 1;
  let shared = 0;
  for (let i = 0, j = 0; i < left.length && j < right.length;) {
    if (left[i] === right[j]) {
      shared++;
      i++;
      j++;
    } else if (left[i] < right[j]) i++;
    else j++;
  }
  return shared / (left.length + right.length - shared);
}

/** Odd multipliers and offsets of the universal hash family h(x) = a·x + b (mod 2^32), fixed so signatures compare across runs. */
const MULTIPLIERS = Int32Array.from({ length: HASHES }, (_, index) => fnv1a(`a${index}`) | 1);
const OFFSETS = Int32Array.from({ length: HASHES }, (_, index) => fnv1a(`b${index}`) | 0);

/**
 * The MinHash signature of a shingle set (the least value of each of HASHES hash functions). Its
 * band keys (bandKeys): the signature cut into bands of `rows` values, each band hashed with its
 * number into a signed 64-bit key; two texts with Jaccard index s share a band with probability
 * 1 - (1 - s^rows)^bands.
 */
export function minHashSignature(shingles: Uint32Array): number[] {
  if (shingles.length === 0) return [];
  const minimum = new Uint32Array(HASHES);
  for (let index = 0; index < HASHES; index++) {
    const multiplier = MULTIPLIERS[index];
    const offset = OFFSETS[index];
    let least = 0xffffffff;
    for (let at = 0; at < shingles.length; at++) {
      const value = (Math.imul(multiplier, shingles[at]) + offset) >>> 0;
      if (value < least) least = value;
    }
    minimum[index] = least;
  }
  // Stored as PostgreSQL integers: signed 32 bits.
  return Array.from(minimum, (value) => value | 0);
}

/** The share of equal values of two signatures: an estimate of the texts' Jaccard index (±0.13 at 95 %, 60 values). */
export function estimatedSimilarity(left: number[], right: number[]): number {
  if (left.length !== HASHES || right.length !== HASHES) return 0;
  let equal = 0;
  for (let index = 0; index < HASHES; index++) if (left[index] === right[index]) equal++;
  return equal / HASHES;
}

/** How a signature is cut into bands. */
export interface Banding {
  bands: number;
  rows: number;
}

/**
 * The banding for a threshold: the most rows per band (the fewest texts sharing a band by chance,
 * which every lookup reads) with which two texts exactly at the threshold still share a band with
 * probability BAND_RECALL or more. 80 % (the default): 15 bands of 4 (0.9996 at 80 %; two texts
 * 10 % alike share one with probability 0.15 %, where 20 bands of 3 gave 2 %); 85 % and more: 12
 * bands of 5; 70-75 %: 20 of 3; 50-65 %: 30 of 2.
 */
export function bandingFor(threshold: number): Banding {
  for (const rows of [5, 4, 3, 2]) {
    const bands = Math.floor(HASHES / rows);
    if (1 - (1 - threshold ** rows) ** bands >= BAND_RECALL) return { bands, rows };
  }
  return { bands: HASHES, rows: 1 };
}

/** The band keys of a signature (see minHashSignature): `banding.bands` keys, or none without a signature. */
export function bandKeys(signature: number[], banding: Banding): bigint[] {
  if (signature.length === 0) return [];
  const minimum = signature.map((value) => value >>> 0);
  const keys: bigint[] = [];
  for (let band = 0; band < banding.bands; band++) {
    const rows = minimum.slice(band * banding.rows, band * banding.rows + banding.rows).join(",");
    const high = BigInt(fnv1a(`${band}:${rows}`));
    const low = BigInt(fnv1a(`${rows}:${band}`));
    keys.push(BigInt.asIntN(64, (high << 32n) | low));
  }
  return keys;
}
