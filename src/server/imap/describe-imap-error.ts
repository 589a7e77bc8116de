export interface ImapEndpoint {
  host: string;
  port: number;
  username: string;
  password: string;
}

export interface DescribedImapError {
  message: string;
  /** A network hiccup may pass; wrong credentials or a wrong host name will not fix themselves. */
  retryable: boolean;
}

interface ErrorFields {
  message?: string;
  code?: string;
  authenticationFailed?: boolean;
  responseText?: string;
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "timed out",
  CONNECT_TIMEOUT: "timed out connecting",
  GREETING_TIMEOUT: "the server sent no greeting",
  UPGRADE_TIMEOUT: "timed out starting TLS",
  ETIMEOUT: "timed out",
  NoConnection: "connection lost",
  EConnectionClosed: "connection closed by the server",
  ClosedAfterConnectText: "connection closed by the server",
  ClosedAfterConnectTLS: "connection closed by the server",
};

/** Removes every occurrence of the password, whatever a server or library echoed back. */
function redact(text: string, password: string): string {
  return password ? text.split(password).join("********") : text;
}

/** A clear, password-free message for a sync failure, shown as the source's statusMessage. */
export function describeImapError(error: unknown, endpoint: ImapEndpoint): DescribedImapError {
  const fields = (typeof error === "object" && error !== null ? error : { message: String(error) }) as ErrorFields;
  const where = `${endpoint.host}:${endpoint.port}`;
  const detail = (fields.responseText || fields.message || "unknown error").replace(/\s+/g, " ").trim().slice(0, 300);
  let described: DescribedImapError;
  if (fields.authenticationFailed) {
    described = {
      message: `IMAP login as "${endpoint.username}" at ${where} failed: the server rejected the username or password`,
      retryable: false,
    };
  } else if (fields.code === "ENOTFOUND" || fields.code === "EAI_AGAIN") {
    described = { message: `IMAP host "${endpoint.host}" could not be resolved`, retryable: fields.code === "EAI_AGAIN" };
  } else if (fields.code && NETWORK_CODES[fields.code]) {
    described = { message: `Could not reach the IMAP server at ${where}: ${NETWORK_CODES[fields.code]}`, retryable: true };
  } else if (fields.code?.startsWith("ERR_SSL") || fields.code?.includes("CERT") || fields.code === "DEPTH_ZERO_SELF_SIGNED_CERT") {
    described = { message: `TLS with the IMAP server at ${where} failed: ${detail}`, retryable: false };
  } else {
    described = { message: `IMAP sync with ${where} failed: ${detail}`, retryable: true };
  }
  return { ...described, message: redact(described.message, endpoint.password) };
}
