/**
 * Highlighting runs in the engine with two private-use characters as markers; they are removed
 * from the email text beforehand, so after HTML-escaping everything the markers are the only
 * places where <mark> tags go.
 */
export const HIGHLIGHT_START = "\uE000";
export const HIGHLIGHT_END = "\uE001";
export const SNIPPET_PLAIN_LENGTH = 240;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

export function stripHighlightMarkers(text: string): string {
  return text.replaceAll(HIGHLIGHT_START, "").replaceAll(HIGHLIGHT_END, "");
}

/** Engine output with markers → HTML: text escaped, marked words in <mark>, whitespace collapsed. */
export function renderSnippet(marked: string): string {
  let html = "";
  let open = false;
  for (const part of marked
    .replace(/\s+/g, " ")
    .trim()
    .split(/([\uE000\uE001])/)) {
    if (part === HIGHLIGHT_START) {
      if (!open) html += "<mark>";
      open = true;
    } else if (part === HIGHLIGHT_END) {
      if (open) html += "</mark>";
      open = false;
    } else {
      html += escapeHtml(part);
    }
  }
  return open ? `${html}</mark>` : html;
}

/** The start of a text, for results of an empty query (nothing to highlight). */
export function plainSnippet(text: string): string {
  const collapsed = stripHighlightMarkers(text).replace(/\s+/g, " ").trim();
  if (collapsed.length <= SNIPPET_PLAIN_LENGTH) return escapeHtml(collapsed);
  const head = collapsed.slice(0, SNIPPET_PLAIN_LENGTH);
  const atWordEnd = head.replace(/\S*$/, "").trimEnd() || head;
  return `${escapeHtml(atWordEnd)} …`;
}
