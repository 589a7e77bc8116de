/**
 * Real English prose for the benchmarks whose cost depends on what text is like (search beyond
 * memory, review analytics): the Markdown documentation shipped in node_modules, pinned by
 * package-lock.json, with code, tables and markup dropped, so words follow the Zipf-like
 * distribution of real text, phrases are real phrases and unrelated texts are as unalike as real
 * mail's.
 */
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

/** Prose sentences from the Markdown files under node_modules, in a fixed order, deduplicated. */
export function realSentences(limit: number): string[] {
  const files = execFileSync("find", ["node_modules", "-name", "*.md", "-size", "+2k"], { maxBuffer: 1 << 28 })
    .toString()
    .split("\n")
    .filter(Boolean)
    .sort();
  const seen = new Set<string>();
  const out: string[] = [];
  for (const file of files) {
    let inCode = false;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (/^\s*(```|~~~)/.test(line)) inCode = !inCode;
      if (inCode || /^\s{4}|^\s*[|#>]|[{}<>=;$\\]/.test(line)) continue;
      // Markdown links keep their text; inline code and emphasis markers go.
      const prose = line
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/`[^`]*`/g, " ")
        .replace(/[*_]+/g, "")
        .replace(/^\s*([-+]|\d+\.)\s+/, "");
      for (const sentence of prose.split(/(?<=[.!?])\s+/)) {
        const words = sentence.trim().split(/\s+/);
        if (words.length < 4 || words.length > 40) continue;
        if (words.filter((word) => /^\(?[A-Za-z][a-z'-]*[,.:!?)]?$/.test(word)).length < words.length * 0.85) continue;
        const text = words.join(" ");
        if (seen.has(text)) continue;
        seen.add(text);
        out.push(text);
        if (out.length >= limit) return out;
      }
    }
  }
  return out;
}
