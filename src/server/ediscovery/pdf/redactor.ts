import type { ProductionSettings } from "./production-settings";

/** A piece of text after redaction: kept text, or the label of a box that stands for what was removed. */
export type RedactedSegment = { text: string } | { label: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The one place a PDF production's text passes through before it is laid out or written anywhere
 * (the PDF's pages, the text files, the load files, the manifest and the privilege log): every
 * match of a rule becomes a box labelled with the rule's label. Text patterns match literally and
 * regular expressions as given, both case-insensitively and over Unicode code points; overlapping
 * matches of several rules become one box. Regular expressions were checked on creation like
 * retention rules' (no nested repetition, no back-references: docs/ediscovery.md).
 */
export class Redactor {
  private readonly rules: { regex: RegExp; label: string }[];

  constructor(rules: ProductionSettings["redact"]) {
    this.rules = rules.map((rule) => ({
      regex: new RegExp(rule.kind === "text" ? escapeRegExp(rule.pattern) : rule.pattern, "giu"),
      label: rule.label,
    }));
  }

  get active(): boolean {
    return this.rules.length > 0;
  }

  /** Whether any rule matches `text` (the check that decides a fallback or refuses a file). */
  matches(text: string): boolean {
    return this.rules.some(({ regex }) => {
      regex.lastIndex = 0;
      const found = regex.test(text);
      regex.lastIndex = 0;
      return found;
    });
  }

  /** The text as segments: what is kept, and one box per run of overlapping matches. */
  segments(text: string): RedactedSegment[] {
    const spans: { start: number; end: number; label: string }[] = [];
    for (const { regex, label } of this.rules) {
      // matchAll starts where the expression's lastIndex is: always from the start.
      regex.lastIndex = 0;
      for (const match of text.matchAll(regex)) {
        if (match[0].length > 0) spans.push({ start: match.index, end: match.index + match[0].length, label });
      }
    }
    if (spans.length === 0) return text === "" ? [] : [{ text }];
    spans.sort((a, b) => a.start - b.start || b.end - a.end);
    const segments: RedactedSegment[] = [];
    let at = 0;
    for (const span of spans) {
      if (span.end <= at) continue;
      if (span.start > at) segments.push({ text: text.slice(at, span.start) });
      if (span.start < at && segments.length > 0) {
        // Overlaps the box before it: that box grows.
        at = span.end;
        continue;
      }
      segments.push({ label: span.label });
      at = span.end;
    }
    if (at < text.length) segments.push({ text: text.slice(at) });
    return segments;
  }

  /** The redacted text as plain text: each box written `[label]`. */
  text(text: string): string {
    return this.segments(text)
      .map((segment) => ("text" in segment ? segment.text : `[${segment.label}]`))
      .join("");
  }

  /** The redacted text as HTML: kept text escaped, each box a labelled black span. */
  html(text: string): string {
    return this.segments(text)
      .map((segment) => ("text" in segment ? escapeHtml(segment.text) : `<span class="redaction">${escapeHtml(segment.label)}</span>`))
      .join("");
  }
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
