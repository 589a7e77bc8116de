import { describe, expect, it } from "vitest";
import { describeImapError } from "./describe-imap-error";

const endpoint = { host: "imap.example.com", port: 993, username: "alice@example.com", password: "hunter2-secret" };
const withFields = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe("describeImapError", () => {
  it("says what failed, in words, and whether trying again may help", () => {
    expect(describeImapError(withFields("Command failed", { authenticationFailed: true }), endpoint)).toEqual({
      message: 'IMAP login as "alice@example.com" at imap.example.com:993 failed: the server rejected the username or password',
      retryable: false,
    });
    expect(describeImapError(withFields("connect ECONNREFUSED", { code: "ECONNREFUSED" }), endpoint)).toEqual({
      message: "Could not reach the IMAP server at imap.example.com:993: connection refused",
      retryable: true,
    });
    expect(describeImapError(withFields("getaddrinfo ENOTFOUND", { code: "ENOTFOUND" }), endpoint)).toEqual({
      message: 'IMAP host "imap.example.com" could not be resolved',
      retryable: false,
    });
    expect(describeImapError(withFields("self-signed certificate", { code: "DEPTH_ZERO_SELF_SIGNED_CERT" }), endpoint).message).toBe(
      "TLS with the IMAP server at imap.example.com:993 failed: self-signed certificate",
    );
  });

  it("never repeats the password, whatever the error echoes", () => {
    const described = describeImapError(
      withFields("LOGIN alice hunter2-secret rejected", { responseText: "bad pass hunter2-secret" }),
      endpoint,
    );
    expect(described.message).toBe("IMAP sync with imap.example.com:993 failed: bad pass ********");
    expect(describeImapError("hunter2-secret", endpoint).message).not.toContain("hunter2-secret");
  });
});
