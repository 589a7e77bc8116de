import type { AddressField, QueryNode, TextField } from "./query-tree";

/** Limits of one query (docs/search.md, "Limits"): each is a 422 naming what to change. */
export const QUERY_LIMITS = { clauses: 50, depth: 10, prefixes: 5, nearDistance: 20, prefixMinLength: 3 } as const;

export class QueryLanguageError extends Error {
  constructor(
    /** Offset of the offending clause in the query text (0-based). */
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** The raw clauses the grammar returns (query-grammar.ts). */
type RawValue = { text: string; quoted: boolean; proximity: number | null };
type RawNode =
  | { type: "or" | "and"; children: RawNode[]; at: number; explicit?: boolean }
  | { type: "not"; child: RawNode; at: number }
  | { type: "group"; child: RawNode; at: number }
  | { type: "near"; left: RawNearOperand; right: RawNearOperand; distance: number; at: number }
  | { type: "field"; field: string; value: RawValue; at: number }
  | ({ type: "text"; at: number } & RawValue);
type RawNearOperand = { field: string | null; word: string; at: number };

/** Inside a word, anything but letters, digits and @ . - _ ' separates words (as for operator-free queries). */
const WORD_SEPARATOR = /[^\p{L}\p{N}\p{M}@.\-_'\u2019]+/u;
const TEXT_FIELDS: readonly string[] = ["subject", "body", "attachment"] satisfies TextField[];
const ADDRESS_FIELDS: readonly string[] = ["from", "to", "cc", "bcc"] satisfies AddressField[];
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SIZE = /^(\d+(?:\.\d+)?)(b|kb|mb|gb)?$/i;
const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };
const ADDRESS = /^[^\s@]+@[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const THREAD_CLASSES = ["inclusive", "inclusive_minus", "inclusive_copy", "none"] as const;
const LANGUAGE = /^(?:[a-z]{2}|und)$/;
const DOMAIN = /^@([^\s@]+\.[^\s@]+|[^\s@.]+)$/;

const splitWords = (text: string) =>
  text
    .toLowerCase()
    .split(WORD_SEPARATOR)
    .filter((word) => word !== "");

/** Turns the grammar's raw clauses into the query tree, checking every value and limit. */
export function buildQueryTree(raw: RawNode): QueryNode {
  const counts = { clauses: 0, prefixes: 0 };
  const tree = build(raw, 1, counts);
  if (counts.clauses > QUERY_LIMITS.clauses) {
    throw new QueryLanguageError(0, `the query has ${counts.clauses} clauses; at most ${QUERY_LIMITS.clauses} clauses are allowed`);
  }
  if (counts.prefixes > QUERY_LIMITS.prefixes) {
    throw new QueryLanguageError(0, `the query has ${counts.prefixes} wildcards; at most ${QUERY_LIMITS.prefixes} wildcards are allowed`);
  }
  return tree;
}

function build(raw: RawNode, depth: number, counts: { clauses: number; prefixes: number }): QueryNode {
  if (depth > QUERY_LIMITS.depth) {
    throw new QueryLanguageError(raw.at, `the query nests deeper than ${QUERY_LIMITS.depth} levels`);
  }
  switch (raw.type) {
    case "or":
    case "and": {
      // (a AND b) AND c is a AND b AND c: one flat list per operator, so every query has one tree.
      const children = raw.children.map((child) => build(child, depth + 1, counts));
      return { type: raw.type, children: children.flatMap((child) => (child.type === raw.type ? child.children : [child])) };
    }
    case "not":
      return { type: "not", child: build(raw.child, depth + 1, counts) };
    case "group":
      return build(raw.child, depth + 1, counts);
    case "near":
      counts.clauses += 1;
      return nearClause(raw);
    case "field":
      counts.clauses += 1;
      return fieldClause(raw.field, raw.value, raw.at, counts);
    case "text":
      counts.clauses += 1;
      return textClause(null, raw, raw.at, counts);
  }
}

/** `budg*`: a trailing * after a letter or digit (a lone `*` or `-*` is no word, as in operator-free queries). */
export const isPrefixTerm = (value: { text: string; quoted: boolean }) => !value.quoted && /[\p{L}\p{N}\p{M}]\*$/u.test(value.text);

function textClause(field: TextField | null, value: RawValue, at: number, counts: { prefixes: number }): QueryNode {
  if (isPrefixTerm(value)) {
    counts.prefixes += 1;
    return { type: "prefix", field, prefix: prefixOf(value.text, at) };
  }
  const words = splitWords(value.text);
  if (words.length === 0) throw new QueryLanguageError(at, `"${value.text}" has no word to search for`);
  if (value.proximity !== null) {
    if (words.length !== 2) {
      throw new QueryLanguageError(at, `proximity "…"~n takes exactly two words, got ${words.length}`);
    }
    return { type: "near", field, words: [words[0], words[1]], distance: checkDistance(value.proximity, at) };
  }
  // A quoted phrase keeps its words together; unquoted, "budget:draft" is two words, both required.
  if (value.quoted || words.length === 1) return { type: "words", field, words };
  return { type: "and", children: words.map((word) => ({ type: "words", field, words: [word] })) };
}

function prefixOf(text: string, at: number): string {
  const stem = text.slice(0, -1);
  const words = splitWords(stem);
  if (stem.includes("*") || words.length !== 1 || words[0].length !== stem.length) {
    throw new QueryLanguageError(at, `"${text}": a wildcard applies to one word, written before the *`);
  }
  if ([...stem].length < QUERY_LIMITS.prefixMinLength) {
    throw new QueryLanguageError(at, `"${text}": a wildcard needs at least ${QUERY_LIMITS.prefixMinLength} characters before the *`);
  }
  return words[0];
}

function checkDistance(distance: number, at: number): number {
  if (!Number.isInteger(distance) || distance < 1 || distance > QUERY_LIMITS.nearDistance) {
    throw new QueryLanguageError(at, `a proximity distance must be between 1 and ${QUERY_LIMITS.nearDistance}`);
  }
  return distance;
}

function nearClause(raw: Extract<RawNode, { type: "near" }>): QueryNode {
  const fields = [raw.left.field, raw.right.field];
  for (const [index, operand] of [raw.left, raw.right].entries()) {
    if (fields[index] !== null && !TEXT_FIELDS.includes(fields[index]!)) {
      throw new QueryLanguageError(operand.at, `NEAR joins words of subject, body or attachment, not ${fields[index]}:`);
    }
  }
  if (fields[0] !== fields[1] && fields[0] !== null && fields[1] !== null) {
    throw new QueryLanguageError(raw.at, "both words of NEAR must be in the same field");
  }
  const operands = [raw.left, raw.right].map((operand) => {
    const words = splitWords(operand.word);
    if (words.length !== 1 || operand.word.includes("*")) {
      throw new QueryLanguageError(operand.at, `"${operand.word}": NEAR joins two single words`);
    }
    return words[0];
  });
  const field = (fields[0] ?? fields[1]) as TextField | null;
  return { type: "near", field, words: [operands[0], operands[1]], distance: checkDistance(raw.distance, raw.at) };
}

function fieldClause(field: string, value: RawValue, at: number, counts: { prefixes: number }): QueryNode {
  if (TEXT_FIELDS.includes(field)) return textClause(field as TextField, value, at, counts);
  if (value.proximity !== null) throw new QueryLanguageError(at, `proximity ~n applies to words, not to ${field}:`);
  const text = value.text.trim();
  // folder:"" is the folder of mail archived without one (browsing lists it as "(no folder)").
  if (field === "folder" && value.quoted) return { type: "folder", value: value.text };
  if (text === "") throw new QueryLanguageError(at, `${field}: needs a value`);
  if (ADDRESS_FIELDS.includes(field)) return addressClause(field as AddressField, text, at);
  switch (field) {
    case "mailbox":
      if (!ADDRESS.test(text)) throw new QueryLanguageError(at, `mailbox: takes a whole address, got "${text}"`);
      return { type: "mailbox", address: text.toLowerCase() };
    case "source":
      return { type: "source", value: text };
    case "folder":
      return { type: "folder", value: text };
    case "filename": {
      const prefix = !value.quoted && text.endsWith("*");
      const name = (prefix ? text.slice(0, -1) : text).toLowerCase();
      if (name.includes("*")) throw new QueryLanguageError(at, `"${text}": a wildcard * may only end a file name`);
      if (prefix) {
        counts.prefixes += 1;
        if ([...name].length < QUERY_LIMITS.prefixMinLength) {
          throw new QueryLanguageError(at, `"${text}": a wildcard needs at least ${QUERY_LIMITS.prefixMinLength} characters before the *`);
        }
      }
      return { type: "filename", value: name, prefix };
    }
    case "has":
      if (!/^attachments?$/i.test(text)) throw new QueryLanguageError(at, `has: takes "attachment", got "${text}"`);
      return { type: "hasAttachment" };
    case "sent":
      return sentClause(text, at);
    case "size":
      return sizeClause(text, at);
    case "messageid":
      return { type: "messageId", value: text.replace(/^<(.*)>$/, "$1") };
    case "thread":
    case "neardup": {
      if (!UUID.test(text)) throw new QueryLanguageError(at, `${field}: takes an id (a UUID), got "${text}"`);
      return field === "thread" ? { type: "thread", id: text.toLowerCase() } : { type: "nearDuplicate", groupId: text.toLowerCase() };
    }
    case "class": {
      const value = THREAD_CLASSES.find((name) => name === text.toLowerCase());
      if (!value) throw new QueryLanguageError(at, `class: takes ${THREAD_CLASSES.join(", ")}, got "${text}"`);
      return { type: "threadClass", value };
    }
    case "inclusive": {
      // The reviewer's shorthand: the emails to read.
      const inclusive: QueryNode = {
        type: "or",
        children: [
          { type: "threadClass", value: "inclusive" },
          { type: "threadClass", value: "inclusive_minus" },
        ],
      };
      if (/^yes$/i.test(text)) return inclusive;
      if (/^no$/i.test(text)) return { type: "not", child: inclusive };
      throw new QueryLanguageError(at, `inclusive: takes yes or no, got "${text}"`);
    }
    case "lang":
      if (!LANGUAGE.test(text.toLowerCase()))
        throw new QueryLanguageError(at, `lang: takes an ISO 639-1 code (en, de, ja...) or und, got "${text}"`);
      return { type: "language", code: text.toLowerCase() };
  }
  throw new QueryLanguageError(at, `unknown field ${field}:`);
}

function addressClause(field: AddressField, text: string, at: number): QueryNode {
  const lower = text.toLowerCase();
  if (lower.startsWith("@")) {
    if (!DOMAIN.test(lower)) throw new QueryLanguageError(at, `${field}: "${text}" is not a domain`);
    return { type: "address", field, address: lower.slice(1), domain: true };
  }
  if (!ADDRESS.test(lower)) {
    throw new QueryLanguageError(at, `${field}: takes a whole address (name@domain) or a domain (@domain), got "${text}"`);
  }
  return { type: "address", field, address: lower, domain: false };
}

/** The first instant of a calendar day (UTC), or an error naming the clause. */
function dayStart(text: string, at: number): Date {
  const match = DAY.exec(text);
  const date = match ? new Date(`${text}T00:00:00.000Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text || Number(match[1]) < 1) {
    throw new QueryLanguageError(at, `sent: "${text}" is not a date (YYYY-MM-DD, year 0001 to 9999)`);
  }
  return date;
}

const nextDay = (date: Date) => new Date(date.getTime() + 86_400_000);

function sentClause(text: string, at: number): QueryNode {
  const comparison = /^(>=|<=|>|<)(.*)$/.exec(text);
  if (comparison) {
    const day = dayStart(comparison[2], at);
    switch (comparison[1]) {
      case ">=":
        return { type: "sent", from: day.toISOString(), until: null };
      case ">":
        return { type: "sent", from: nextDay(day).toISOString(), until: null };
      case "<":
        return { type: "sent", from: null, until: day.toISOString() };
      default:
        return { type: "sent", from: null, until: nextDay(day).toISOString() };
    }
  }
  const range = text.split("..");
  if (range.length > 2) throw new QueryLanguageError(at, `sent: "${text}" is not a date or a range A..B`);
  const from = range[0] === "" ? null : dayStart(range[0], at);
  const lastDay = range.length === 1 ? from : range[1] === "" ? null : dayStart(range[1], at);
  if (!from && !lastDay) throw new QueryLanguageError(at, "sent: a range needs at least one date");
  if (from && lastDay && lastDay < from) throw new QueryLanguageError(at, `sent: the range "${text}" ends before it starts`);
  return { type: "sent", from: from?.toISOString() ?? null, until: lastDay ? nextDay(lastDay).toISOString() : null };
}

function sizeBytes(text: string, at: number): number {
  const match = SIZE.exec(text);
  if (!match) throw new QueryLanguageError(at, `size: "${text}" is not a size (a number with b, kb, mb or gb)`);
  const bytes = Number(match[1]) * SIZE_UNITS[(match[2] ?? "b").toLowerCase()];
  if (!Number.isSafeInteger(Math.ceil(bytes))) throw new QueryLanguageError(at, `size: "${text}" is too large`);
  return bytes;
}

function sizeClause(text: string, at: number): QueryNode {
  const comparison = /^(>=|<=|>|<)(.*)$/.exec(text);
  if (comparison) {
    const bytes = sizeBytes(comparison[2], at);
    switch (comparison[1]) {
      case ">=":
        return { type: "size", min: Math.ceil(bytes), max: null };
      case ">":
        return { type: "size", min: Math.floor(bytes) + 1, max: null };
      case "<":
        return { type: "size", min: null, max: Math.ceil(bytes) - 1 };
      default:
        return { type: "size", min: null, max: Math.floor(bytes) };
    }
  }
  const range = text.split("..");
  if (range.length > 2 || range.every((side) => side === ""))
    throw new QueryLanguageError(at, `size: "${text}" is not a size or a range A..B`);
  const min = range[0] === "" ? null : Math.ceil(sizeBytes(range[0], at));
  const max =
    range.length === 1
      ? min === null
        ? null
        : Math.floor(sizeBytes(range[0], at))
      : range[1] === ""
        ? null
        : Math.floor(sizeBytes(range[1], at));
  if (min !== null && max !== null && max < min) throw new QueryLanguageError(at, `size: the range "${text}" ends before it starts`);
  return { type: "size", min, max };
}
