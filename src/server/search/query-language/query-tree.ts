/** The parsed form of a query of the search language (docs/search.md, "Query language"). */

/** Where a word may be found: one field, or (null) any of them. */
export type TextField = "subject" | "body" | "attachment";
export type AddressField = "from" | "to" | "cc" | "bcc";

export type QueryNode =
  | { type: "and"; children: QueryNode[] }
  | { type: "or"; children: QueryNode[] }
  | { type: "not"; child: QueryNode }
  /** One word, or the words of a phrase (adjacent, in order, inside one field). */
  | { type: "words"; field: TextField | null; words: string[] }
  /** Every indexed word that starts with `prefix`. */
  | { type: "prefix"; field: TextField | null; prefix: string }
  /** Both words in one field, in either order, their positions at most `distance` apart. */
  | { type: "near"; field: TextField | null; words: [string, string]; distance: number }
  /** A whole address (lower case), or every address of a domain (`domain` set, without the @). */
  | { type: "address"; field: AddressField; address: string; domain: boolean }
  | { type: "mailbox"; address: string }
  /** An ingestion source by id or by name (case-insensitive). */
  | { type: "source"; value: string }
  /** A folder (exact, as browsing lists it) in which any occurrence of the email was seen (docs/archive.md, "Occurrences"). */
  | { type: "folder"; value: string }
  /** An attachment whose file name, or one of its parts split at . _ - and spaces, equals (or starts with) the value. */
  | { type: "filename"; value: string; prefix: boolean }
  | { type: "hasAttachment" }
  /** sentAt in [from, until): UTC instants as ISO strings; either side may be open. */
  | { type: "sent"; from: string | null; until: string | null }
  /** sizeBytes in [min, max]; either side may be open. */
  | { type: "size"; min: number | null; max: number | null }
  /** The Message-ID, without angle brackets. */
  | { type: "messageId"; value: string }
  /** Review analytics (docs/ediscovery.md): a conversation by its id, or the conversation of the email with that id. */
  | { type: "thread"; id: string }
  | { type: "threadClass"; value: "inclusive" | "inclusive_minus" | "inclusive_copy" | "none" }
  | { type: "nearDuplicate"; groupId: string }
  /** An ISO 639-1 code among the email's languages (primary or secondary), or `und`. */
  | { type: "language"; code: string };

export type QueryLeaf = Exclude<QueryNode, { type: "and" | "or" | "not" }>;

export interface ParsedSearchQuery {
  tree: QueryNode;
  /** The query written back in a canonical form: explicit operators, parentheses where needed. */
  normalized: string;
}
