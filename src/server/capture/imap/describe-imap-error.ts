export interface ImapEndpoint {
  host: string;
  port: number;
  username: string;
  password: string;
}

export interface DescribedImapError {
  message: string;
  /** A network hiccup may pass; wrong credentials will not fix themselves. */
  retryable: boolean;
}

interface ErrorFields {
  message?: string;
  code?: string;
  authenticationFailed?: boolean;
  responseText?: string;
}

/**
 * Connecting or signing in failed (imap-connection.ts `connectImap`). Its message is all a caller
 * learns: the server's login refusal, or one generic "could not connect" for every other cause
 * (refused, timed out, unresolvable, TLS, no STARTTLS, not an IMAP server), so a sync status or an
 * API answer is no port scanner's oracle.
 */
export class ImapConnectFailed extends Error {
  readonly authenticationFailed: boolean;

  constructor(endpoint: ImapEndpoint, cause: unknown) {
    const authenticationFailed = Boolean((cause as ErrorFields | null)?.authenticationFailed);
    const where = `${endpoint.host}:${endpoint.port}`;
    super(
      authenticationFailed
        ? `IMAP login as "${endpoint.username}" at ${where} failed: the server rejected the username or password`
        : `Could not connect to the IMAP server at ${where} (the server log has the details)`,
      { cause },
    );
    this.name = "ImapConnectFailed";
    this.authenticationFailed = authenticationFailed;
  }
}

const NETWORK_CODES: Record<string, string> = {
  ECONNRESET: "connection reset",
  ETIMEDOUT: "timed out",
  ETIMEOUT: "timed out",
  NoConnection: "connection lost",
  EConnectionClosed: "connection closed by the server",
};

/** Removes every occurrence of the password, whatever a server or library echoed back. */
export function redact(text: string, password: string): string {
  return password ? text.split(password).join("********") : text;
}

/**
 * A clear, password-free message for a sync failure, shown as the source's statusMessage. Before
 * sign-in (ImapConnectFailed) it is the generic one; after it, the server is the one the password
 * was entered for, and its own words are shown.
 */
export function describeImapError(error: unknown, endpoint: ImapEndpoint): DescribedImapError {
  const where = `${endpoint.host}:${endpoint.port}`;
  let described: DescribedImapError;
  if (error instanceof ImapConnectFailed) {
    described = { message: error.message, retryable: !error.authenticationFailed };
  } else {
    const fields = (typeof error === "object" && error !== null ? error : { message: String(error) }) as ErrorFields;
    const detail = (fields.responseText || fields.message || "unknown error").replace(/\s+/g, " ").trim().slice(0, 300);
    described =
      fields.code && NETWORK_CODES[fields.code]
        ? { message: `Lost the connection to the IMAP server at ${where}: ${NETWORK_CODES[fields.code]}`, retryable: true }
        : { message: `IMAP sync with ${where} failed: ${detail}`, retryable: true };
  }
  return { ...described, message: redact(described.message, endpoint.password) };
}

/** An IMAP command failed after sign-in (the server is the one the password was entered for: its words are kept, redacted). */
export class ImapOperationFailed extends Error {
  constructor(endpoint: ImapEndpoint, cause: unknown) {
    const fields = (typeof cause === "object" && cause !== null ? cause : { message: String(cause) }) as ErrorFields;
    const detail = (fields.responseText || fields.message || "unknown error").replace(/\s+/g, " ").trim().slice(0, 300);
    super(redact(`The IMAP server at ${endpoint.host}:${endpoint.port} failed: ${detail}`, endpoint.password), { cause });
    this.name = "ImapOperationFailed";
  }
}
