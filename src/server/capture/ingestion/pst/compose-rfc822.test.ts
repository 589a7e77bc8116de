import { describe, expect, it } from "vitest";
import { composeRfc822, type ComposedMessage } from "./compose-rfc822";

const message: ComposedMessage = {
  from: { name: "Alice", address: "alice@example.com" },
  to: [{ name: "Bob", address: "bob@example.com" }],
  cc: [],
  bcc: [],
  subject: "Report",
  date: new Date("2024-01-15T12:00:00Z"),
  messageId: "report@example.com",
  inReplyTo: "",
  text: "plain",
  html: "<p>rich</p>",
  attachments: [{ filename: "report.pdf", contentType: "application/pdf", content: Buffer.from("%PDF-1.4") }],
};

describe("composeRfc822", () => {
  it("composes the same message to the same bytes every time (deduplication compares bytes)", () => {
    const first = composeRfc822(message);
    expect(composeRfc822(message)).toEqual(first);
    expect(first.toString()).toMatch(/multipart\/mixed; boundary="----=_Part_[0-9a-f]{24}"/);
    expect(composeRfc822({ ...message, text: "other" })).not.toEqual(first);
  });
});
