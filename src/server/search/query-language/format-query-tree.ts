import type { QueryNode } from "./query-tree";

/** 1 OR, 2 AND, 3 a clause or NOT (which binds tightest). */
const precedence = (node: QueryNode) => (node.type === "or" ? 1 : node.type === "and" ? 2 : 3);
const DAY_MS = 86_400_000;

/** A word as it can be read back: quoted unless it is plainly a word. */
const word = (text: string) => (/^[\p{L}\p{N}\p{M}][^\s"()]*$/u.test(text) && !text.endsWith("*") ? text : `"${text}"`);
const value = (text: string) => (/^[^\s"()]+$/.test(text) ? text : `"${text}"`);
const field = (name: string | null) => (name ? `${name}:` : "");
const day = (iso: string) => iso.slice(0, 10);
const dayBefore = (iso: string) => new Date(Date.parse(iso) - DAY_MS).toISOString().slice(0, 10);

/**
 * The canonical text of a query: upper-case operators, every AND written out, parentheses only where
 * precedence needs them, values in their normalized form. Parsing it gives the same tree.
 */
export function formatQueryTree(node: QueryNode): string {
  // AND inside OR is bracketed too, although precedence would not need it, so no reader has to know it.
  const child = (inner: QueryNode) =>
    precedence(inner) < 3 && precedence(inner) !== precedence(node) ? `(${formatQueryTree(inner)})` : formatQueryTree(inner);
  switch (node.type) {
    case "or":
      return node.children.map(child).join(" OR ");
    case "and":
      return node.children.map(child).join(" AND ");
    case "not":
      return `NOT ${child(node.child)}`;
    case "words":
      return field(node.field) + (node.words.length === 1 ? word(node.words[0]) : `"${node.words.join(" ")}"`);
    case "prefix":
      return `${field(node.field)}${node.prefix}*`;
    case "near":
      return `${field(node.field)}${word(node.words[0])} NEAR/${node.distance} ${field(node.field)}${word(node.words[1])}`;
    case "address":
      return `${node.field}:${node.domain ? "@" : ""}${value(node.address)}`;
    case "mailbox":
      return `mailbox:${value(node.address)}`;
    case "source":
      return `source:${value(node.value)}`;
    case "folder":
      return `folder:"${node.value}"`;
    case "filename":
      return `filename:${value(node.value)}${node.prefix ? "*" : ""}`;
    case "hasAttachment":
      return "has:attachment";
    case "sent":
      if (node.from && node.until) return `sent:${day(node.from)}..${dayBefore(node.until)}`;
      return node.from ? `sent:>=${day(node.from)}` : `sent:<=${dayBefore(node.until!)}`;
    case "size":
      if (node.min !== null && node.max !== null) return `size:${node.min}..${node.max}`;
      return node.min !== null ? `size:>=${node.min}` : `size:<=${node.max}`;
    case "messageId":
      return `messageid:${value(node.value)}`;
    case "thread":
      return `thread:${node.id}`;
    case "threadClass":
      return `class:${node.value}`;
    case "nearDuplicate":
      return `neardup:${node.groupId}`;
    case "language":
      return `lang:${node.code}`;
  }
}
