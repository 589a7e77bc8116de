import { existsSync, readFileSync, writeFileSync } from "node:fs";

const start = (scale: string) => `<!-- bench:${scale}:start -->`;
const end = (scale: string) => `<!-- bench:${scale}:end -->`;

/** Replaces the generated section of `scale` in the document (added at its end the first time). */
export function replaceScaleSection(document: string, scale: string, body: string): string {
  const section = `${start(scale)}\n${body}\n${end(scale)}`;
  const from = document.indexOf(start(scale));
  const to = document.indexOf(end(scale));
  if (from === -1 || to === -1) return `${document.trimEnd()}\n\n${section}\n`;
  return document.slice(0, from) + section + document.slice(to + end(scale).length);
}

export function writeBenchmarksDoc(options: { file: string; scale: string; body: string }) {
  const current = existsSync(options.file) ? readFileSync(options.file, "utf8") : "# Benchmarks\n";
  writeFileSync(options.file, replaceScaleSection(current, options.scale, options.body));
}
