/** A short, safe reason for a message that could not be archived (shown in import summaries). */
export function describeIngestError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim().slice(0, 300) || "unknown error";
}
