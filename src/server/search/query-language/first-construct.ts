import type { QueryNode } from "./query-tree";

/** The operator or field a query uses first, as a reader would name it ("OR", "from:", "NEAR", ...). */
export function firstConstruct(node: QueryNode): string {
  switch (node.type) {
    case "and":
      return "AND";
    case "or":
      return "OR";
    case "not":
      return "NOT";
    case "words":
      return node.field ? `${node.field}:` : node.words.length > 1 ? "a phrase" : "a word";
    case "prefix":
      return "a wildcard *";
    case "near":
      return "NEAR";
    case "address":
      return `${node.field}:`;
    case "hasAttachment":
      return "has:";
    case "messageId":
      return "messageid:";
    case "threadClass":
      return "class:";
    case "nearDuplicate":
      return "neardup:";
    case "language":
      return "lang:";
    default:
      return `${node.type}:`;
  }
}
