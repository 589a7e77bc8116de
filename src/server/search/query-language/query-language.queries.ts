import { Prisma } from "@/generated/prisma/client";
import { querySql, type SqlClient } from "../../platform/db/sql-client";
import { inFolderSql } from "../../archive/occurrences/occurrences.queries";
import type { QueryLeaf, QueryNode, TextField } from "./query-tree";
import { wordPairsCondition } from "../postgres-search-conditions.queries";
import { adjacentPairsQuery } from "../word-pairs";

type Sql = Prisma.Sql;

/** The ids of the sources a `source:` value names: its id, or its name case-insensitively (both engines). */
export function sourcesNamed(value: string): Prisma.Sql {
  const key = value.toLowerCase();
  return Prisma.sql`SELECT s.id FROM ingestion_sources s WHERE s.id::text = ${key} OR lower(s.name) = ${key}`;
}

/**
 * Each text field is one weight of the email's tsvector (archive/store/search-vector.queries.ts): subject A,
 * sender and recipients B, body C, attachments D. A phrase or a proximity restricted to one weight
 * cannot match across the end of one field and the start of the next, since neighbouring fields
 * have different weights.
 */
const FIELD_WEIGHT: Record<TextField, string> = { subject: "A", body: "C", attachment: "D" };
const ALL_WEIGHTS = ["A", "B", "C", "D"];
/** A lexeme in tsquery text as PostgreSQL writes it: quoted, quotes doubled. */
const LEXEME = /'(?:[^']|'')+'/g;

export interface CompiledQuery {
  /** The condition on `archived_emails e` selecting exactly the query's matches. */
  where: Sql;
  /**
   * A superset of `where` that the GIN index answers without reading any email's tsvector: each
   * phrase, proximity or field-restricted word is relaxed to its lexemes (the index keeps neither
   * positions nor weights), and one under a NOT to nothing; for a query that implies word pairs,
   * those pairs alone (word-pairs.ts). Null when `where` needs no vector.
   */
  candidates: Sql | null;
  /**
   * The word pairs the query implies (word-pairs.ts), a condition the word-pair index answers: AND-ed
   * to `where` it selects the same emails, through that index. Null when the query implies none.
   */
  pairs: Sql | null;
  /** The tsquery texts of the word clauses not under a NOT: what snippets mark. */
  highlightTerms: string[];
}

/**
 * A compiled clause: the clauses made of words alone (and AND, OR, NOT of them) are one tsquery,
 * so the GIN index answers the whole of it in one scan; any other clause is a condition.
 */
type Clause = { tsquery: string; matchesEmpty: boolean } | { sql: Sql };

/**
 * A tsquery as a condition. An email not yet in the PostgreSQL index (search_vector NULL) has no
 * words, so it matches the tsquery exactly when an empty document would (`NOT alpha` matches
 * it). Where NULL can only stand for FALSE (the tsquery needs a word, and no NOT above it turns
 * NULL into a match) the bare `@@` is the same condition, and the only one the GIN index serves.
 */
function tsqueryCondition(clause: { tsquery: string; matchesEmpty: boolean }, negated: boolean): Sql {
  const matches = Prisma.sql`e.search_vector @@ ${clause.tsquery}::tsquery`;
  return !clause.matchesEmpty && !negated ? matches : Prisma.sql`coalesce(${matches}, ${clause.matchesEmpty})`;
}

const conditionOf = (clause: Clause, negated: boolean): Sql => ("sql" in clause ? clause.sql : tsqueryCondition(clause, negated));

/**
 * Translates a query tree into SQL. Words go to PostgreSQL as parameters and come back as tsquery
 * text built by phraseto_tsquery with the index's configuration; the operators (<N>, :*, weights,
 * & | !) are then added around those lexemes, so no user text is ever read as tsquery syntax or SQL.
 */
export async function compileQueryTree(client: SqlClient, tree: QueryNode, options = { wordPairs: true }): Promise<CompiledQuery> {
  const lexemes = await resolveLexemes(client, textsOf(tree));
  const textQuery = (leaf: Extract<QueryLeaf, { type: "words" | "prefix" | "near" }>): string | null => {
    switch (leaf.type) {
      case "words": {
        const phrase = lexemes.get(leaf.words.join(" "));
        if (!phrase) return null;
        return weighted(leaf.field, (weight) => withWeight(phrase, weight), !phrase.includes("<"));
      }
      case "prefix": {
        const first = lexemes.get(leaf.prefix)?.match(LEXEME)?.[0];
        return first ? weighted(leaf.field, (weight) => `${first}:*${weight}`, true) : null;
      }
      case "near": {
        const [left, right] = leaf.words.map((word) => lexemes.get(word));
        if (!left || !right) return null;
        return weighted(leaf.field, (weight) => near(withWeight(left, weight), withWeight(right, weight), leaf.distance), false);
      }
    }
  };
  const highlightTerms: string[] = [];
  let relaxed = false;
  const compile = (node: QueryNode, negated: boolean, coarse: boolean): Clause => {
    switch (node.type) {
      case "and":
      case "or": {
        const children = node.children.map((child) => compile(child, negated, coarse));
        const texts = children.filter((child) => "tsquery" in child);
        const combined: Clause[] =
          texts.length === 0
            ? []
            : [
                {
                  tsquery: texts.map((text) => `( ${text.tsquery} )`).join(node.type === "and" ? " & " : " | "),
                  matchesEmpty: node.type === "and" ? texts.every((text) => text.matchesEmpty) : texts.some((text) => text.matchesEmpty),
                },
              ];
        const others = children.filter((child) => "sql" in child);
        if (others.length === 0) return combined[0];
        const conditions = [...combined, ...others].map((child) => conditionOf(child, negated));
        return { sql: Prisma.sql`(${Prisma.join(conditions, node.type === "and" ? " AND " : " OR ")})` };
      }
      case "not": {
        const child = compile(node.child, !negated, coarse);
        if ("tsquery" in child) return { tsquery: `!( ${child.tsquery} )`, matchesEmpty: !child.matchesEmpty };
        return { sql: Prisma.sql`NOT ${child.sql}` };
      }
      case "words":
      case "prefix":
      case "near": {
        const text = textQuery(node);
        if (!text) return { sql: Prisma.sql`FALSE` };
        const exact = withLexemesRequired(text, node.field);
        if (coarse) {
          if (!readsVector(exact)) return { tsquery: exact, matchesEmpty: false };
          relaxed = true;
          return negated ? { sql: Prisma.sql`FALSE` } : { tsquery: lexemesOnly(exact), matchesEmpty: false };
        }
        if (!negated) highlightTerms.push(text);
        return { tsquery: exact, matchesEmpty: false };
      }
      default:
        return { sql: leafCondition(node) };
    }
  };
  /**
   * What the tree's matches imply about word pairs (word-pairs.ts), as a tsquery over them, or null
   * (nothing): each phrase its pairs, AND all that its children imply, OR only when every
   * alternative implies something; nothing under a NOT, nor from proximity (any order, any gap).
   */
  const pairsOf = (node: QueryNode): string | null => {
    switch (node.type) {
      case "and": {
        const implied = node.children.map(pairsOf).filter((pairs) => pairs !== null);
        return implied.length === 0 ? null : implied.map((pairs) => `( ${pairs} )`).join(" & ");
      }
      case "or": {
        const implied = node.children.map(pairsOf);
        return implied.some((pairs) => pairs === null) ? null : implied.map((pairs) => `( ${pairs} )`).join(" | ");
      }
      case "words": {
        const phrase = lexemes.get(node.words.join(" "));
        return phrase ? adjacentPairsQuery(phrase) : null;
      }
      default:
        return null;
    }
  };
  const impliedPairs = options.wordPairs ? pairsOf(tree) : null;
  const pairs = impliedPairs === null ? null : wordPairsCondition(impliedPairs);
  const where = conditionOf(compile(tree, false, false), false);
  const candidates = conditionOf(compile(tree, false, true), false);
  return {
    where,
    pairs,
    // The pairs alone are the candidates: the planner estimates them from their own statistics, where
    // AND-ed to the phrase's words it would multiply the two as if independent, far below the matches.
    candidates: pairs ?? (relaxed ? candidates : null),
    highlightTerms,
  };
}

/**
 * A phrase or proximity with its lexemes also required on their own (`'a' & 'b' & ( 'a' <-> 'b' )`),
 * which it implies, so the same set. PostgreSQL estimates an OR of phrases (one per weight, and
 * per distance and order) as nearly the whole table and scans it; with the lexemes AND-ed in front
 * it estimates their co-occurrence and reads the GIN index.
 */
function withLexemesRequired(text: string, field: TextField | null): string {
  if (!text.includes("<")) return text;
  const lexemes = [...new Set(text.match(LEXEME))];
  return `${lexemes.map((lexeme) => withWeight(lexeme, field ? FIELD_WEIGHT[field] : "")).join(" & ")} & ( ${text} )`;
}

/** A tsquery item with its prefix mark and weights: `'budg':*AB` is `'budg'`, `:*`, `AB`. */
const ITEM = /('(?:[^']|'')+')(:\*)?(?::?[A-D]+)?/g;

/** Whether the GIN index must recheck the tsquery against the email's tsvector: it keeps neither positions nor weights. */
const readsVector = (tsquery: string): boolean =>
  tsquery.includes("<") || [...tsquery.matchAll(ITEM)].some((item) => /[A-D]$/.test(item[0]));

/** Every item of a tsquery AND-ed, without positions or weights: a superset the index answers alone. */
const lexemesOnly = (tsquery: string): string =>
  [...new Set([...tsquery.matchAll(ITEM)].map((item) => item[1] + (item[2] ?? "")))].join(" & ");

/** `'a' <-> 'b'` restricted to one weight: `'a':C <-> 'b':C`. */
const withWeight = (tsquery: string, weight: string) => (weight ? tsquery.replace(LEXEME, (lexeme) => `${lexeme}:${weight}`) : tsquery);

/**
 * A clause in its field, or in any field: a single lexeme needs no weight (it cannot straddle two
 * fields); a phrase or proximity is tried in each weight separately, so it stays inside one field.
 */
function weighted(field: TextField | null, build: (weight: string) => string, singleLexeme: boolean): string {
  if (field) return build(FIELD_WEIGHT[field]);
  if (singleLexeme) return build("");
  return ALL_WEIGHTS.map((weight) => `( ${build(weight)} )`).join(" | ");
}

/** Both, in either order, at most `distance` positions apart: <1> .. <distance> each way. */
function near(left: string, right: string, distance: number): string {
  const alternatives: string[] = [];
  for (let gap = 1; gap <= distance; gap++) {
    alternatives.push(`( ${left} ) <${gap}> ( ${right} )`, `( ${right} ) <${gap}> ( ${left} )`);
  }
  return alternatives.join(" | ");
}

/** Every text the tree needs as lexemes: phrases whole, proximity words and prefixes alone. */
function textsOf(node: QueryNode): string[] {
  switch (node.type) {
    case "and":
    case "or":
      return node.children.flatMap(textsOf);
    case "not":
      return textsOf(node.child);
    case "words":
      return [node.words.join(" ")];
    case "prefix":
      return [node.prefix];
    case "near":
      return [...node.words];
    default:
      return [];
  }
}

async function resolveLexemes(client: SqlClient, texts: string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(texts)];
  if (distinct.length === 0) return new Map();
  const rows = await querySql<{ text: string; tsquery: string }>(
    client,
    Prisma.sql`
    SELECT t.text, q::text AS tsquery
    FROM unnest(${distinct}::text[]) AS t(text)
    CROSS JOIN LATERAL phraseto_tsquery('simple', t.text) AS q
    WHERE numnode(q) > 0`,
  );
  return new Map(rows.map((row) => [row.text, row.tsquery]));
}

const lower = (column: Sql) => Prisma.sql`lower(${column})`;

/** A condition on the email's review analytics (email_analysis `an`); an email not analysed yet matches none. */
const analysed = (condition: Sql) => Prisma.sql`EXISTS (SELECT 1 FROM email_analysis an WHERE an.email_id = e.id AND ${condition})`;

function addressMatches(column: Sql, address: string, domain: boolean): Sql {
  return domain ? Prisma.sql`split_part(${lower(column)}, '@', -1) = ${address}` : Prisma.sql`${lower(column)} = ${address}`;
}

function leafCondition(leaf: Exclude<QueryLeaf, { type: "words" | "prefix" | "near" }>): Sql {
  switch (leaf.type) {
    case "address": {
      if (leaf.field === "from") return addressMatches(Prisma.sql`e.sender_email`, leaf.address, leaf.domain);
      const column = { to: Prisma.sql`e.recipient_emails`, cc: Prisma.sql`e.cc_emails`, bcc: Prisma.sql`e.bcc_emails` }[leaf.field];
      return Prisma.sql`EXISTS (SELECT 1 FROM unnest(${column}) AS recipient(address) WHERE ${addressMatches(Prisma.sql`recipient.address`, leaf.address, leaf.domain)})`;
    }
    case "mailbox":
      return Prisma.sql`lower(e.user_email) = ${leaf.address}`;
    case "source":
      return Prisma.sql`e.ingestion_source_id IN (${sourcesNamed(leaf.value)})`;
    case "folder":
      return inFolderSql(leaf.value);
    case "filename": {
      const part = leaf.prefix
        ? (name: Sql) => Prisma.sql`starts_with(${name}, ${leaf.value})`
        : (name: Sql) => Prisma.sql`${name} = ${leaf.value}`;
      return Prisma.sql`EXISTS (SELECT 1 FROM attachments a WHERE a.email_id = e.id AND (${part(Prisma.sql`lower(a.filename)`)}
        OR EXISTS (SELECT 1 FROM regexp_split_to_table(lower(a.filename), '[._[:space:]-]+') AS piece(name) WHERE ${part(Prisma.sql`piece.name`)})))`;
    }
    case "hasAttachment":
      return Prisma.sql`e.has_attachments`;
    case "sent": {
      const bounds = [
        ...(leaf.from ? [Prisma.sql`e.sent_at >= ${leaf.from}::timestamptz`] : []),
        ...(leaf.until ? [Prisma.sql`e.sent_at < ${leaf.until}::timestamptz`] : []),
      ];
      return Prisma.sql`(${Prisma.join(bounds, " AND ")})`;
    }
    case "size": {
      const bounds = [
        ...(leaf.min !== null ? [Prisma.sql`e.size_bytes >= ${leaf.min}`] : []),
        ...(leaf.max !== null ? [Prisma.sql`e.size_bytes <= ${leaf.max}`] : []),
      ];
      return Prisma.sql`(${Prisma.join(bounds, " AND ")})`;
    }
    case "messageId":
      return Prisma.sql`e.message_id_header = ${leaf.value}`;
    case "thread":
      return analysed(
        Prisma.sql`(an.conversation_id = ${leaf.id}::uuid OR an.conversation_id = (SELECT o.conversation_id FROM email_analysis o WHERE o.email_id = ${leaf.id}::uuid))`,
      );
    case "threadClass":
      return analysed(Prisma.sql`an.thread_class = ${leaf.value}`);
    case "nearDuplicate":
      return analysed(Prisma.sql`an.near_duplicate_group_id = ${leaf.groupId}::uuid`);
    case "language":
      return analysed(Prisma.sql`an.language_codes @> ARRAY[${leaf.code}]::text[]`);
  }
}
