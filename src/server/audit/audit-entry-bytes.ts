import { Column, type CopyTuple } from "./audit-copy-tuple";
import { ByteSink } from "./byte-sink";
import { JsonbCanonicalizer } from "./canonical-jsonb";

const part = (text: string) => Buffer.from(text, "latin1");
// Each constant ends with the opening quote of the string after it (taken back when that is NULL
// or needs escaping).
const ACTION_TYPE = part('{"actionType":"');
const ACTOR_IDENTIFIER = part(',"actorIdentifier":"');
const ACTOR_IP = part(',"actorIp":"');
const DETAILS = part(',"details":');
const PREVIOUS_HASH = part(',"previousHash":"');
const TARGET_ID = part(',"targetId":"');
const TARGET_TYPE = part(',"targetType":"');
const TIMESTAMP = part(',"timestamp":"');
const END = part('"}');
const NULL = part("null");
const EMPTY_OBJECT = part("{}");
const QUOTE = 0x22;
const JSONB_VERSION = 1;
const POSTGRES_EPOCH_MS = 946_684_800_000;
const DAY_MS = 86_400_000;
/**
 * 0001-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: between them (every timestamp the service
 * writes) the milliseconds are computed in Number arithmetic; outside, in BigInt (exactMilliseconds).
 */
const YEAR_1_MS = -62_135_596_800_000;
const YEAR_10000_MS = 253_402_300_800_000;

/** floor(micros / 1000) of the binary timestamptz at `start`, from 1970, exactly. */
function exactMilliseconds(chunk: Buffer, start: number): bigint {
  const micros = chunk.readBigInt64BE(start);
  const ms = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  return ms + BigInt(POSTGRES_EPOCH_MS);
}

/** Days from 1970 and milliseconds into the day of `ms` (floor), in BigInt: PostgreSQL's latest instants are past 2^53 ms. */
function daysAndTime(ms: bigint): { day: number; msOfDay: number } {
  const dayMs = BigInt(DAY_MS);
  const wholeDays = ms / dayMs - (ms % dayMs < 0n ? 1n : 0n);
  return { day: Number(wholeDays), msOfDay: Number(ms - wholeDays * dayMs) };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * "YYYY-MM-DDT" of the day `days` from 1970 as to_char(…, 'YYYY-MM-DD"T"') writes it, in PostgreSQL's
 * proleptic Gregorian calendar: a year BC as its number (1 BC is astronomical year 0) in at least four
 * digits, a year after 9999 in all of its digits; from year 1 to 9999 the same as toISOString().
 */
function datePrefixText(days: number): string {
  // Days to a civil date (H. Hinnant's civil_from_days), exact for every day PostgreSQL can store.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const yearText = String(year <= 0 ? 1 - year : year).padStart(4, "0");
  return `${yearText}-${twoDigits(month)}-${twoDigits(day)}T`;
}

/** "HH:MM:SS.mmmZ" of `msOfDay` milliseconds into a day. */
function writeTimeOfDay(sink: ByteSink, msOfDay: number): void {
  let rest = msOfDay;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  sink.reserve(13);
  const target = sink.buffer;
  let at = sink.length;
  target[at++] = 0x30 + Math.floor(hours / 10);
  target[at++] = 0x30 + (hours % 10);
  target[at++] = 0x3a;
  target[at++] = 0x30 + Math.floor(minutes / 10);
  target[at++] = 0x30 + (minutes % 10);
  target[at++] = 0x3a;
  target[at++] = 0x30 + Math.floor(seconds / 10);
  target[at++] = 0x30 + (seconds % 10);
  target[at++] = 0x2e;
  target[at++] = 0x30 + Math.floor(millis / 100);
  target[at++] = 0x30 + (Math.floor(millis / 10) % 10);
  target[at++] = 0x30 + (millis % 10);
  target[at++] = 0x5a;
  sink.length = at;
}

/**
 * to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') of the instant `ms` milliseconds from
 * 1970 (microseconds truncated, as MS does), written as the walk writes it (datePrefixText,
 * writeTimeOfDay). Checked against PostgreSQL itself in verify-audit-values.int.test.ts.
 */
export function toCharText(ms: bigint): string {
  const { day, msOfDay } = daysAndTime(ms);
  const sink = new ByteSink(32);
  sink.pushAscii(datePrefixText(day));
  writeTimeOfDay(sink, msOfDay);
  return Buffer.from(sink.bytes()).toString("latin1");
}

/**
 * Writes the canonical JSON of docs/audit-log.md for one row of the verification COPY, as the
 * UTF-8 bytes that are hashed, copying the stored bytes wherever JSON.stringify would write them
 * unchanged. Gives exactly auditEntryCanonicalJson() of the row as the service reads it.
 */
export class AuditEntryBytes {
  private readonly sink = new ByteSink();
  private readonly details = new JsonbCanonicalizer();
  private day = Number.NaN;
  /** The "YYYY-MM-DDT" of `day`: rows come in time order, so most share their day with the row before. */
  private datePrefix = Buffer.alloc(0);

  /** The bytes, valid until the next call. */
  write(tuple: CopyTuple, linked: boolean): Uint8Array {
    const sink = this.sink;
    sink.length = 0;
    this.string(ACTION_TYPE, tuple, Column.ActionType);
    this.string(ACTOR_IDENTIFIER, tuple, Column.ActorIdentifier);
    this.string(ACTOR_IP, tuple, Column.ActorIp);
    this.constant(DETAILS);
    this.writeDetails(tuple);
    // A previousHash equal to the last currentHash is hex, so it needs no escaping check.
    if (linked) this.hexString(PREVIOUS_HASH, tuple, Column.PreviousHash);
    else this.string(PREVIOUS_HASH, tuple, Column.PreviousHash);
    this.string(TARGET_ID, tuple, Column.TargetId);
    this.string(TARGET_TYPE, tuple, Column.TargetType);
    this.constant(TIMESTAMP);
    this.writeTimestamp(tuple);
    this.constant(END);
    return sink.bytes();
  }

  private constant(bytes: Buffer): void {
    const sink = this.sink;
    sink.reserve(bytes.length);
    sink.buffer.set(bytes, sink.length);
    sink.length += bytes.length;
  }

  /**
   * `prefix` (which ends with an opening quote), then JSON.stringify of a text column: its bytes
   * and a quote, unless it is NULL or holds a quote, backslash or control character.
   */
  private string(prefix: Buffer, tuple: CopyTuple, column: Column): void {
    const start = tuple.starts[column];
    const end = tuple.ends[column];
    const sink = this.sink;
    sink.reserve(prefix.length + end - start + 1);
    const target = sink.buffer;
    target.set(prefix, sink.length);
    const mark = sink.length + prefix.length;
    if (start < 0) {
      sink.length = mark - 1;
      return this.constant(NULL);
    }
    const chunk = tuple.chunk;
    let at = mark;
    for (let index = start; index < end; index++) {
      const byte = chunk[index];
      if (byte < 0x20 || byte === QUOTE || byte === 0x5c) {
        sink.length = mark - 1;
        return sink.pushString(JSON.stringify(tuple.text(column)));
      }
      target[at++] = byte;
    }
    target[at++] = QUOTE;
    sink.length = at;
  }

  /** Like string() for a column known to hold a hex digest. */
  private hexString(prefix: Buffer, tuple: CopyTuple, column: Column): void {
    const start = tuple.starts[column];
    const end = tuple.ends[column];
    const sink = this.sink;
    sink.reserve(prefix.length + end - start + 1);
    const target = sink.buffer;
    target.set(prefix, sink.length);
    const at = sink.length + prefix.length;
    tuple.chunk.copy(target, at, start, end);
    target[at + end - start] = QUOTE;
    sink.length = at + end - start + 1;
  }

  private writeDetails(tuple: CopyTuple): void {
    const start = tuple.starts[Column.Details];
    // A NULL (possible only if someone altered the column) parses to null, hashed as {}.
    if (start < 0) return this.constant(EMPTY_OBJECT);
    const chunk = tuple.chunk;
    const end = tuple.ends[Column.Details];
    if (chunk[start] !== JSONB_VERSION) throw new Error(`unknown jsonb binary format version ${chunk[start]}`);
    if (end - start === 3 && chunk[start + 1] === 0x7b && chunk[start + 2] === 0x7d) return this.constant(EMPTY_OBJECT);
    this.details.write(chunk, start + 1, end, this.sink);
  }

  /**
   * The recipe's text of the binary timestamptz (microseconds since 2000-01-01 UTC): from year 1 to
   * 9999 (every timestamp the service writes) Date.prototype.toISOString(), written here without a
   * Date, which is also to_char's text; any other value as the row's to_char(… AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
   * and an infinite one (to_char gives NULL) as "null", as the recipe's string template made of them.
   */
  private writeTimestamp(tuple: CopyTuple): void {
    const chunk = tuple.chunk;
    const start = tuple.starts[Column.Timestamp];
    const high = chunk.readInt32BE(start);
    const low = chunk.readUInt32BE(start + 4);
    if ((high === 0x7fffffff && low === 0xffffffff) || (high === -0x80000000 && low === 0)) return this.constant(NULL);
    // floor(micros / 1000) exactly, although micros itself can exceed 2^53: 2^32 = 4294967 * 1000 + 296.
    const ms = high * 4_294_967 + Math.floor((high * 296 + low) / 1000) + POSTGRES_EPOCH_MS;
    let day: number;
    let msOfDay: number;
    if (ms >= YEAR_1_MS && ms < YEAR_10000_MS) {
      day = Math.floor(ms / DAY_MS);
      msOfDay = ms - day * DAY_MS;
    } else ({ day, msOfDay } = daysAndTime(exactMilliseconds(chunk, start)));
    if (day !== this.day) {
      this.datePrefix = Buffer.from(datePrefixText(day), "latin1");
      this.day = day;
    }
    this.constant(this.datePrefix);
    writeTimeOfDay(this.sink, msOfDay);
  }
}
