/**
 * An error as a short one-line reason for a record an operator reads (an import summary, a cycle's
 * failures, a job's last error): the message, whitespace collapsed, at most `maxLength` characters.
 */
export function errorReason(error: unknown, maxLength = 2000): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim().slice(0, maxLength) || "unknown error";
}
