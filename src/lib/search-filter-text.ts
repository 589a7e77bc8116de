/**
 * The structured filters of a search query as words ("from alice@example.com", "in source Mail"),
 * so a preview shows every part of what runs, not the query text alone: a From filter alone used
 * to read "Runs as (every email)" (issue 36).
 */
export function searchFilterText(filters: Record<string, unknown> | undefined, sourceName: (id: string) => string | undefined): string[] {
  if (!filters) return [];
  const parts: string[] = [];
  const text = (key: string) => (typeof filters[key] === "string" && filters[key] !== "" ? (filters[key] as string) : null);
  if (text("from")) parts.push(`from ${text("from")}`);
  if (text("to")) parts.push(`to ${text("to")}`);
  if (text("userEmail")) parts.push(`in mailbox ${text("userEmail")}`);
  const sourceId = text("ingestionSourceId");
  if (sourceId) parts.push(`in source ${sourceName(sourceId) ?? sourceId}`);
  const attachments = filters.hasAttachments;
  if (attachments === true || attachments === "true") parts.push("with attachments");
  if (attachments === false || attachments === "false") parts.push("without attachments");
  if (text("startDate")) parts.push(`sent from ${text("startDate")}`);
  if (text("endDate")) parts.push(`sent through ${text("endDate")}`);
  return parts;
}
