import { AppError } from "../platform/errors/app-error";
import { firstConstruct } from "./query-language/first-construct";
import type { QueryNode } from "./query-language/query-tree";

/** What a language query becomes for Meilisearch: the words to search and the filters to AND. */
export interface MeiliLanguageQuery {
  /** Quoted phrases only (a single word is a one-word phrase), all required. */
  q: string;
  filters: string[];
}

/** The constructs the Meilisearch engine runs exactly (docs/search.md, "Both engines"). */
export const MEILI_LANGUAGE_SUBSET = 'words and "phrases" in any field, AND, from:, to:, mailbox:, source:, has:attachment and sent:';

/** A string literal of Meilisearch's filter syntax. */
export function meiliString(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function refuse(construct: string): never {
  throw new AppError("VALIDATION", "Invalid input", {
    fieldErrors: [
      {
        field: "query",
        message: `the Meilisearch engine cannot run ${construct} exactly; it runs ${MEILI_LANGUAGE_SUBSET}. Use the PostgreSQL engine for the rest`,
      },
    ],
  });
}

function conjuncts(node: QueryNode): QueryNode[] {
  return node.type === "and" ? node.children.flatMap(conjuncts) : [node];
}

/**
 * Translates a parsed query into Meilisearch's words and filters when every clause has an exact
 * Meilisearch equivalent: an AND of unfielded words and phrases (Meilisearch phrases, like the
 * PostgreSQL engine's, stay inside one attribute) and of filters on indexed fields. Anything else
 * (OR, NOT, proximity, wildcards, fielded words, domains, cc:, bcc:, filename:, size:, messageid:)
 * is refused with a 422 naming it, never answered with a different set. `resolveSource` maps a
 * source's id or name to the ids it names.
 */
export async function meiliLanguageQuery(
  tree: QueryNode,
  resolveSource: (value: string) => Promise<string[]>,
): Promise<MeiliLanguageQuery> {
  const phrases: string[] = [];
  const filters: string[] = [];
  for (const clause of conjuncts(tree)) {
    switch (clause.type) {
      case "words":
        if (clause.field !== null) refuse(firstConstruct(clause));
        phrases.push(`"${clause.words.join(" ").replace(/"/g, " ")}"`);
        break;
      case "address":
        if (clause.domain) refuse(`${clause.field}:@domain`);
        if (clause.field === "from") filters.push(`senderEmail = ${meiliString(clause.address)}`);
        else if (clause.field === "to") filters.push(`recipientEmails = ${meiliString(clause.address)}`);
        else refuse(firstConstruct(clause));
        break;
      case "mailbox":
        filters.push(`userEmail = ${meiliString(clause.address)}`);
        break;
      case "source": {
        const ids = await resolveSource(clause.value);
        filters.push(ids.length === 0 ? "ingestionSourceId IS NULL" : `ingestionSourceId IN [${ids.map(meiliString).join(", ")}]`);
        break;
      }
      case "hasAttachment":
        filters.push("hasAttachments = true");
        break;
      case "sent":
        if (clause.from) filters.push(`sentAtTs >= ${Date.parse(clause.from)}`);
        if (clause.until) filters.push(`sentAtTs < ${Date.parse(clause.until)}`);
        break;
      default:
        refuse(firstConstruct(clause));
    }
  }
  return { q: phrases.join(" "), filters };
}
