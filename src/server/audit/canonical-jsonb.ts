import type { ByteSink } from "./byte-sink";
import { canonicalJson } from "./canonical-json";

const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const MAX_DEPTH = 64;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const LITERALS = [Buffer.from("true"), Buffer.from("false"), Buffer.from("null")];
const SHORT_ESCAPES = new Set([QUOTE, BACKSLASH, 0x62, 0x66, 0x6e, 0x72, 0x74]); // " \ b f n r t

const isSpace = (byte: number) => byte === SPACE || byte === 0x0a || byte === 0x0d || byte === 0x09;
const lowerHexValue = (byte: number) => (byte >= ZERO && byte <= NINE ? byte - ZERO : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : -1);

/**
 * Writes canonicalJson(JSON.parse(text) ?? {}) of a jsonb value given the UTF-8 bytes of its text
 * output, without building JS values. PostgreSQL escapes strings exactly as JSON.stringify does, so
 * string bytes are copied as they are; what is left is dropping jsonb's spaces, re-sorting object
 * keys (jsonb orders them by length first) and rewriting numbers JavaScript writes differently.
 * Anything this fast path does not cover (non-ASCII or escaped keys, unusual escapes, deep nesting,
 * malformed text) goes through JSON.parse and canonicalJson(), so the result is always the same.
 */
export class JsonbCanonicalizer {
  private source: Uint8Array = LITERALS[0];
  private end = 0;
  private out: ByteSink | null = null;
  /** Per open object, for each member: output offsets of its start, the end of its key, its end. */
  private members = new Int32Array(192);
  private top = 0;
  private order = new Int32Array(64);
  private scratch = Buffer.allocUnsafe(1024);

  write(source: Uint8Array, start: number, end: number, out: ByteSink): void {
    const mark = out.length;
    this.source = source;
    this.end = end;
    this.out = out;
    this.top = 0;
    let at = this.value(start, 0);
    if (at >= 0) at = this.skipSpaces(at);
    this.out = null;
    if (at === end) {
      // jsonb null parses to null, which the recipe hashes as the empty object.
      if (out.length - mark === 4 && out.buffer[mark] === 0x6e) {
        out.length = mark;
        out.pushAscii("{}");
      }
      return;
    }
    out.length = mark;
    out.pushString(canonicalJson(JSON.parse(Buffer.from(source.buffer, source.byteOffset, source.length).toString("utf8", start, end)) ?? {}));
  }

  private skipSpaces(at: number): number {
    while (at < this.end && isSpace(this.source[at])) at++;
    return at;
  }

  /** Writes the value starting at `at` (after spaces); returns the offset after it, or -1. */
  private value(at: number, depth: number): number {
    at = this.skipSpaces(at);
    if (at >= this.end) return -1;
    const byte = this.source[at];
    if (byte === QUOTE) return this.string(at, false);
    if (byte === OPEN_BRACE) return depth < MAX_DEPTH ? this.object(at + 1, depth + 1) : -1;
    if (byte === OPEN_BRACKET) return depth < MAX_DEPTH ? this.array(at + 1, depth + 1) : -1;
    if (byte === MINUS || (byte >= ZERO && byte <= NINE)) return this.number(at);
    for (const literal of LITERALS) {
      if (byte === literal[0] && this.matches(at, literal)) {
        this.out!.copyFrom(literal, 0, literal.length);
        return at + literal.length;
      }
    }
    return -1;
  }

  private matches(at: number, literal: Uint8Array): boolean {
    if (at + literal.length > this.end) return false;
    for (let index = 0; index < literal.length; index++) if (this.source[at + index] !== literal[index]) return false;
    return true;
  }

  /** Copies a string token as it is; keys must be plain ASCII so that byte order is UTF-16 order. */
  private string(at: number, isKey: boolean): number {
    const source = this.source;
    let cursor = at + 1;
    for (;;) {
      if (cursor >= this.end) return -1;
      const byte = source[cursor];
      if (byte === QUOTE) break;
      if (byte < SPACE || (isKey && (byte >= 0x80 || byte === BACKSLASH))) return -1;
      cursor = byte === BACKSLASH ? this.escape(cursor) : cursor + 1;
      if (cursor < 0) return -1;
    }
    this.out!.copyFrom(source, at, cursor + 1);
    return cursor + 1;
  }

  /** Accepts only the escapes JSON.stringify writes: \" \\ \b \f \n \r \t and \u00xx (lowercase) for other controls. */
  private escape(at: number): number {
    const source = this.source;
    if (at + 1 >= this.end) return -1;
    if (SHORT_ESCAPES.has(source[at + 1])) return at + 2;
    if (source[at + 1] !== 0x75 || at + 5 >= this.end || source[at + 2] !== ZERO || source[at + 3] !== ZERO) return -1;
    const high = lowerHexValue(source[at + 4]);
    const low = lowerHexValue(source[at + 5]);
    const code = high * 16 + low;
    if (high < 0 || high > 1 || low < 0 || code === 8 || code === 9 || code === 10 || code === 12 || code === 13) return -1;
    return at + 6;
  }

  private number(at: number): number {
    const source = this.source;
    let cursor = at;
    while (cursor < this.end && ((source[cursor] >= ZERO && source[cursor] <= NINE) || source[cursor] === MINUS || source[cursor] === 0x2b || source[cursor] === 0x2e || (source[cursor] | 0x20) === 0x65)) cursor++;
    // Integers of up to 15 digits read and write back unchanged; "-0" does not (it becomes 0).
    const digits = source[at] === MINUS ? at + 1 : at;
    let plain = cursor > digits && cursor - digits <= 15 && (source[digits] !== ZERO || (cursor === digits + 1 && digits === at));
    for (let index = digits; plain && index < cursor; index++) plain = source[index] >= ZERO && source[index] <= NINE;
    if (plain) {
      this.out!.copyFrom(source, at, cursor);
      return cursor;
    }
    const text = Buffer.from(source.buffer, source.byteOffset, source.length).toString("latin1", at, cursor);
    if (!JSON_NUMBER.test(text)) return -1;
    this.out!.pushAscii(JSON.stringify(Number(text)));
    return cursor;
  }

  private array(at: number, depth: number): number {
    const out = this.out!;
    out.pushByte(OPEN_BRACKET);
    at = this.skipSpaces(at);
    if (at < this.end && this.source[at] === CLOSE_BRACKET) {
      out.pushByte(CLOSE_BRACKET);
      return at + 1;
    }
    for (;;) {
      at = this.value(at, depth);
      if (at < 0) return -1;
      at = this.skipSpaces(at);
      const byte = at < this.end ? this.source[at] : -1;
      if (byte === CLOSE_BRACKET) {
        out.pushByte(CLOSE_BRACKET);
        return at + 1;
      }
      if (byte !== COMMA) return -1;
      out.pushByte(COMMA);
      at++;
    }
  }

  private object(at: number, depth: number): number {
    const out = this.out!;
    out.pushByte(OPEN_BRACE);
    at = this.skipSpaces(at);
    if (at < this.end && this.source[at] === CLOSE_BRACE) {
      out.pushByte(CLOSE_BRACE);
      return at + 1;
    }
    const base = this.top;
    for (;;) {
      at = this.skipSpaces(at);
      if (at >= this.end || this.source[at] !== QUOTE) return -1;
      const memberStart = out.length;
      at = this.string(at, true);
      if (at < 0) return -1;
      const keyEnd = out.length;
      at = this.skipSpaces(at);
      if (at >= this.end || this.source[at] !== COLON) return -1;
      out.pushByte(COLON);
      at = this.value(at + 1, depth);
      if (at < 0) return -1;
      this.pushMember(memberStart, keyEnd, out.length);
      at = this.skipSpaces(at);
      const byte = at < this.end ? this.source[at] : -1;
      if (byte === CLOSE_BRACE) break;
      if (byte !== COMMA) return -1;
      out.pushByte(COMMA);
      at++;
    }
    const sorted = this.sortMembers(base, (this.top - base) / 3);
    this.top = base;
    if (!sorted) return -1;
    out.pushByte(CLOSE_BRACE);
    return at + 1;
  }

  private pushMember(start: number, keyEnd: number, end: number): void {
    if (this.top + 3 > this.members.length) {
      const grown = new Int32Array(this.members.length * 2);
      grown.set(this.members);
      this.members = grown;
    }
    this.members[this.top++] = start;
    this.members[this.top++] = keyEnd;
    this.members[this.top++] = end;
  }

  /** Compares the keys of two members as written (quoted, plain ASCII); 0 means a duplicate. */
  private compareKeys(first: number, second: number): number {
    const bytes = this.out!.buffer;
    const members = this.members;
    let left = members[first] + 1;
    let right = members[second] + 1;
    const leftEnd = members[first + 1] - 1;
    const rightEnd = members[second + 1] - 1;
    for (; left < leftEnd && right < rightEnd; left++, right++) {
      if (bytes[left] !== bytes[right]) return bytes[left] - bytes[right];
    }
    return leftEnd - left - (rightEnd - right);
  }

  /** Puts the members just written into key order (the separating commas stay in place). */
  private sortMembers(base: number, count: number): boolean {
    let inOrder = true;
    for (let index = 1; index < count; index++) {
      const comparison = this.compareKeys(base + 3 * (index - 1), base + 3 * index);
      if (comparison === 0) return false;
      if (comparison > 0) inOrder = false;
    }
    if (inOrder) return true;
    if (this.order.length < count) this.order = new Int32Array(count * 2);
    const order = this.order;
    for (let index = 0; index < count; index++) {
      const member = base + 3 * index;
      let slot = index;
      while (slot > 0 && this.compareKeys(order[slot - 1], member) > 0) {
        order[slot] = order[slot - 1];
        slot--;
      }
      order[slot] = member;
    }
    const out = this.out!;
    const regionStart = this.members[base];
    const regionLength = out.length - regionStart;
    if (this.scratch.length < regionLength) this.scratch = Buffer.allocUnsafe(regionLength * 2);
    const scratch = this.scratch;
    const written = out.buffer;
    // Regions are mostly a few dozen bytes, for which a loop beats Buffer.copy's call.
    if (regionLength > 256) written.copy(scratch, 0, regionStart, out.length);
    else for (let index = 0; index < regionLength; index++) scratch[index] = written[regionStart + index];
    out.length = regionStart;
    for (let index = 0; index < count; index++) {
      if (index > 0) out.pushByte(COMMA);
      const member = order[index];
      out.copyFrom(this.scratch, this.members[member] - regionStart, this.members[member + 2] - regionStart);
    }
    return true;
  }
}
