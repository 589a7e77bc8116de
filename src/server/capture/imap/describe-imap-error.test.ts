import { describe, expect, it, vi } from "vitest";
import { describeImapError, ImapConnectFailed } from "./describe-imap-error";

const endpoint = { host: "imap.example.com", port: 993, username: "alice@example.com", password: "hunter2-secret" };
const withFields = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);
const GENERIC = "Could not connect to the IMAP server at imap.example.com:993 (the server log has the details)";

describe("describeImapError", () => {
  it("says a login was refused, and gives every other failure before sign-in one generic message (no port scanner's oracle)", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(
      describeImapError(new ImapConnectFailed(endpoint, withFields("Command failed", { authenticationFailed: true })), endpoint),
    ).toEqual({
      message: 'IMAP login as "alice@example.com" at imap.example.com:993 failed: the server rejected the username or password',
      retryable: false,
    });
    const causes = [
      withFields("connect ECONNREFUSED", { code: "ECONNREFUSED" }),
      withFields("getaddrinfo ENOTFOUND", { code: "ENOTFOUND" }),
      withFields("self-signed certificate", { code: "DEPTH_ZERO_SELF_SIGNED_CERT" }),
      withFields("wrong version number", { code: "ERR_SSL_WRONG_VERSION_NUMBER" }),
      withFields("Server does not support STARTTLS", {}),
      withFields("Unexpected greeting: SSH-2.0-OpenSSH_9.6", { code: "GREETING_TIMEOUT" }),
      withFields("timed out", { code: "CONNECT_TIMEOUT" }),
    ];
    for (const cause of causes) {
      expect(describeImapError(new ImapConnectFailed(endpoint, cause), endpoint), cause.message).toEqual({
        message: GENERIC,
        retryable: true,
      });
    }
  });

  it("keeps the server's words after sign-in, never repeating the password", () => {
    const described = describeImapError(
      withFields("LOGIN alice hunter2-secret rejected", { responseText: "bad pass hunter2-secret" }),
      endpoint,
    );
    expect(described.message).toBe("IMAP sync with imap.example.com:993 failed: bad pass ********");
    expect(describeImapError("hunter2-secret", endpoint).message).not.toContain("hunter2-secret");
    expect(describeImapError(withFields("reset", { code: "ECONNRESET" }), endpoint)).toEqual({
      message: "Lost the connection to the IMAP server at imap.example.com:993: connection reset",
      retryable: true,
    });
  });
});
