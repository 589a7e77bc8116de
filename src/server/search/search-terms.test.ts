import { describe, expect, it } from "vitest";
import { meiliFilter, meiliQueryText } from "./meilisearch-search-engine";
import { normalizeSearchQuery } from "./search.schemas";
import { parseSearchTerms } from "./search-terms";
import { escapeHtml, plainSnippet, renderSnippet, SNIPPET_PLAIN_LENGTH } from "./snippet";

const texts = (query: string) => parseSearchTerms(query).map((term) => (term.phrase ? `"${term.text}"` : term.text));

describe("parseSearchTerms", () => {
  it("splits words and keeps quoted phrases together", () => {
    expect(texts('budget  "quarterly   report" 2024')).toEqual(["budget", '"quarterly report"', "2024"]);
  });

  it("keeps addresses, file names, hyphenated words and contractions whole", () => {
    expect(texts("alice@example.com roadmap-2024.pdf don't snake_case")).toEqual([
      "alice@example.com",
      "roadmap-2024.pdf",
      "don't",
      "snake_case",
    ]);
  });

  it("turns search-syntax operators into separators", () => {
    expect(texts("a&b | !c :* (d) <-> e:A f\\g")).toEqual(["a", "b", "c", "d", "-", "e", "A", "f", "g"]);
  });

  it("ignores an unbalanced quote and empty phrases", () => {
    expect(texts('"open phrase')).toEqual(["open", "phrase"]);
    expect(texts('a "b c" "d')).toEqual(["a", '"b c"', "d"]);
    expect(texts('"" x')).toEqual(["x"]);
  });

  it("returns nothing for blank input", () => {
    expect(parseSearchTerms("   ")).toEqual([]);
  });
});

describe("snippets", () => {
  it("escapes everything and turns the markers into <mark>", () => {
    expect(renderSnippet("a <b> & \"c\" \uE000hit\uE001\n\n 'd'")).toBe("a &lt;b&gt; &amp; &quot;c&quot; <mark>hit</mark> &#39;d&#39;");
  });

  it("never leaves a <mark> unbalanced", () => {
    expect(renderSnippet("\uE000open")).toBe("<mark>open</mark>");
    expect(renderSnippet("close\uE001 \uE000\uE000x\uE001")).toBe("close <mark>x</mark>");
  });

  it("cuts a plain snippet at a word boundary", () => {
    const long = `${"word ".repeat(100)}<tail>`;
    const snippet = plainSnippet(long);
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_PLAIN_LENGTH + 2);
    expect(snippet.endsWith("word …")).toBe(true);
    expect(plainSnippet("x".repeat(300))).toBe(`${"x".repeat(SNIPPET_PLAIN_LENGTH)} …`);
    expect(plainSnippet("<i>short</i>\uE000")).toBe(escapeHtml("<i>short</i>"));
  });
});

describe("Meilisearch query and filter", () => {
  it("rebuilds the query from terms, without negation or unknown syntax", () => {
    expect(meiliQueryText('-budget "quarterly report" & (x) -')).toBe('budget "quarterly report" x');
    expect(meiliQueryText("& | ! ( ) :*")).toBe("");
    expect(meiliQueryText(Array.from({ length: 12 }, (_, index) => `w${index}`).join(" "))).toBe(
      Array.from({ length: 10 }, (_, index) => `w${index}`).join(" "),
    );
  });

  it("builds filters with escaped strings, the date range and the OR-ed scope", () => {
    const query = normalizeSearchQuery({
      query: "",
      filters: { from: 'a"b\\c@x.org', to: "t@x.org", hasAttachments: true, startDate: "2024-03-01", endDate: "2024-03-01" },
    });
    expect(meiliFilter(query, [{ userEmail: "U@x.org" }, { senderEmail: { $in: ["s@x.org", "r@x.org"] }, ingestionSourceId: "I" }])).toBe(
      'senderEmail = "a\\"b\\\\c@x.org" AND recipientEmails = "t@x.org" AND hasAttachments = true AND ' +
        `sentAtTs >= ${Date.parse("2024-03-01T00:00:00Z")} AND sentAtTs < ${Date.parse("2024-03-02T00:00:00Z")} AND ` +
        '(((userEmail IN ["u@x.org"] OR participantEmails IN ["u@x.org"])) OR (senderEmail IN ["s@x.org", "r@x.org"] AND ingestionSourceId IN ["i"]))',
    );
  });

  it("matches a case's custodians as the mailbox, the sender, any recipient or a journaled participant", () => {
    const query = normalizeSearchQuery({ query: "" });
    expect(meiliFilter(query, [{ ingestionSourceId: "I", partyEmail: { $in: ["Bob@X.org"] } }])).toBe(
      '((ingestionSourceId IN ["i"] AND (userEmail IN ["bob@x.org"] OR senderEmail IN ["bob@x.org"] OR ' +
        'recipientEmails IN ["bob@x.org"] OR participantEmails IN ["bob@x.org"])))',
    );
  });

  it("answers null for an empty scope and no filter for an unrestricted one", () => {
    const query = normalizeSearchQuery({ query: "" });
    expect(meiliFilter(query, [])).toBeNull();
    expect(meiliFilter(query, null)).toBe("");
    expect(meiliFilter(query, [{ unknownField: "x" }])).toBeNull();
  });
});
