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
  /** Per open object, for each member: source offsets of its key and its value (then their order). */
  private members = new Int32Array(256);
  private top = 0;

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
    out.pushString(
      canonicalJson(JSON.parse(Buffer.from(source.buffer, source.byteOffset, source.length).toString("utf8", start, end)) ?? {}),
    );
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
    if (byte === QUOTE) return this.string(at);
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

  /** Copies a string token as it is, having checked that its escapes are JSON.stringify's. */
  private string(at: number): number {
    const source = this.source;
    let cursor = at + 1;
    for (;;) {
      if (cursor >= this.end) return -1;
      const byte = source[cursor];
      if (byte === QUOTE) break;
      if (byte < SPACE) return -1;
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
    while (
      cursor < this.end &&
      ((source[cursor] >= ZERO && source[cursor] <= NINE) ||
        source[cursor] === MINUS ||
        source[cursor] === 0x2b ||
        source[cursor] === 0x2e ||
        (source[cursor] | 0x20) === 0x65)
    )
      cursor++;
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

  /**
   * Finds the members first (key and value extents in the source), then writes them in key order,
   * so that each byte is copied once; nested values are found again when they are written.
   */
  private object(at: number, depth: number): number {
    const source = this.source;
    const out = this.out!;
    at = this.skipSpaces(at);
    if (at < this.end && source[at] === CLOSE_BRACE) {
      out.pushAscii("{}");
      return at + 1;
    }
    const base = this.top;
    let count = 0;
    for (; ; count++) {
      at = this.skipSpaces(at);
      const keyStart = at;
      at = this.skipKey(at);
      if (at < 0) return -1;
      const keyEnd = at;
      at = this.skipSpaces(at);
      if (at >= this.end || source[at] !== COLON) return -1;
      const valueStart = this.skipSpaces(at + 1);
      at = this.skipValue(valueStart);
      if (at < 0) return -1;
      this.push(keyStart, keyEnd, valueStart, at);
      at = this.skipSpaces(at);
      const byte = at < this.end ? source[at] : -1;
      if (byte === CLOSE_BRACE) break;
      if (byte !== COMMA) return -1;
      at++;
    }
    count++;
    const end = at + 1;
    const ordered = this.orderMembers(base, count);
    if (ordered < 0) return -1;
    out.pushByte(OPEN_BRACE);
    for (let index = 0; index < count; index++) {
      if (index > 0) out.pushByte(COMMA);
      // Read the stack afresh each time: writing a nested object may have grown it.
      const member = ordered === 0 ? base + 4 * index : this.members[base + 4 * count + index];
      const valueEnd = this.members[member + 3];
      out.copyFrom(source, this.members[member], this.members[member + 1]);
      out.pushByte(COLON);
      if (this.value(this.members[member + 2], depth) !== valueEnd) return -1;
    }
    out.pushByte(CLOSE_BRACE);
    this.top = base;
    return end;
  }

  /** The end of a key: a string of plain ASCII without escapes (byte order is then UTF-16 order). */
  private skipKey(at: number): number {
    const source = this.source;
    if (at >= this.end || source[at] !== QUOTE) return -1;
    for (let cursor = at + 1; cursor < this.end; cursor++) {
      const byte = source[cursor];
      if (byte === QUOTE) return cursor + 1;
      if (byte < SPACE || byte >= 0x80 || byte === BACKSLASH) return -1;
    }
    return -1;
  }

  /** The end of the value at `at`, found by structure only; writing it checks it. */
  private skipValue(at: number): number {
    const source = this.source;
    const end = this.end;
    let nesting = 0;
    let cursor = at;
    while (cursor < end) {
      const byte = source[cursor];
      if (byte === QUOTE) {
        cursor++;
        while (cursor < end && source[cursor] !== QUOTE) cursor += source[cursor] === BACKSLASH ? 2 : 1;
        if (cursor >= end) return -1;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        nesting++;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        if (nesting === 0) return cursor;
        nesting--;
      } else if (nesting === 0 && (byte === COMMA || isSpace(byte))) {
        return cursor;
      }
      cursor++;
      if (nesting === 0 && (byte === QUOTE || byte === CLOSE_BRACE || byte === CLOSE_BRACKET)) return cursor;
    }
    return nesting === 0 ? cursor : -1;
  }

  private push(keyStart: number, keyEnd: number, valueStart: number, valueEnd: number): void {
    this.reserveStack(4);
    const members = this.members;
    members[this.top++] = keyStart;
    members[this.top++] = keyEnd;
    members[this.top++] = valueStart;
    members[this.top++] = valueEnd;
  }

  private reserveStack(count: number): void {
    if (this.top + count <= this.members.length) return;
    const grown = new Int32Array((this.members.length + count) * 2);
    grown.set(this.members);
    this.members = grown;
  }

  /** Compares two members' keys (plain ASCII, quoted) in the source; 0 means a duplicate. */
  private compareKeys(first: number, second: number): number {
    const source = this.source;
    const members = this.members;
    let left = members[first] + 1;
    let right = members[second] + 1;
    const leftEnd = members[first + 1] - 1;
    const rightEnd = members[second + 1] - 1;
    for (; left < leftEnd && right < rightEnd; left++, right++) {
      if (source[left] !== source[right]) return source[left] - source[right];
    }
    return leftEnd - left - (rightEnd - right);
  }

  /**
   * 0 when the members are already in key order; 1 when their order was pushed onto the stack
   * after them (a nested object's own order goes above it); -1 for a duplicate key.
   */
  private orderMembers(base: number, count: number): number {
    let inOrder = true;
    for (let index = 1; index < count; index++) {
      const comparison = this.compareKeys(base + 4 * (index - 1), base + 4 * index);
      if (comparison === 0) return -1;
      if (comparison > 0) inOrder = false;
    }
    if (inOrder) return 0;
    this.reserveStack(count);
    const order = base + 4 * count;
    this.top = order + count;
    const members = this.members;
    for (let index = 0; index < count; index++) {
      const member = base + 4 * index;
      let slot = index;
      while (slot > 0 && this.compareKeys(members[order + slot - 1], member) > 0) {
        members[order + slot] = members[order + slot - 1];
        slot--;
      }
      members[order + slot] = member;
    }
    for (let index = 1; index < count; index++) if (this.compareKeys(members[order + index - 1], members[order + index]) === 0) return -1;
    return 1;
  }
}
