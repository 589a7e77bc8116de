import { config } from "../config/env";

/** What a log line says besides its message: values an operator filters on (a source id, a status, a count). */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

type Level = "info" | "warn" | "error";

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields, cause?: unknown): void;
  /** `cause`: the error behind it, printed with its stack in text, as `cause` (name and message) in JSON. */
  error(message: string, fields?: LogFields, cause?: unknown): void;
}

// Read at each line, not at import: a process (or a test) may set LOG_FORMAT after this module loads.
const jsonLines = () => config.logFormat === "json";

const describeCause = (cause: unknown) => (cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)).slice(0, 2000);

function write(level: Level, scope: string, message: string, fields: LogFields | undefined, cause: unknown) {
  const present = fields && Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const hasFields = present !== undefined && Object.keys(present).length > 0;
  if (jsonLines()) {
    const line = {
      time: new Date().toISOString(),
      level,
      scope,
      message,
      ...present,
      ...(cause !== undefined && { cause: describeCause(cause) }),
    };
    console[level](JSON.stringify(line));
    return;
  }
  // Text: "[scope] message", then the fields as one JSON object, then the cause as the console prints it (with its stack).
  const head = message ? `[${scope}] ${message}` : `[${scope}]`;
  console[level](head, ...(hasFields ? [JSON.stringify(present)] : []), ...(cause !== undefined ? [cause] : []));
}

/**
 * The logger of one part of the server (`logger("imap")`): every line names its scope, says what
 * happened in words and carries its values as fields, in text by default or as one JSON object per
 * line with `LOG_FORMAT=json` (docs/operations.md, "Logs"). Nothing secret goes into a field.
 */
export function logger(scope: string): Logger {
  return {
    info: (message, fields) => write("info", scope, message, fields, undefined),
    warn: (message, fields, cause) => write("warn", scope, message, fields, cause),
    error: (message, fields, cause) => write("error", scope, message, fields, cause),
  };
}
