import { describe, expect, it } from "vitest";
import { recipientRows, recipientSummary } from "./recipient-rows";

const to = { name: "Bob", email: "bob@example.com" };
const cc = { name: "", email: "Carol@Example.com" };
const bcc = { name: "", email: "dave@example.com" };

describe("recipientRows", () => {
  it("puts each recipient under To, Cc or Bcc by the archived kinds, addresses compared case-insensitively", () => {
    expect(recipientRows([to, cc, bcc], ["carol@example.com"], ["dave@example.com"])).toEqual({ to: [to], cc: [cc], bcc: [bcc] });
  });

  it("lists everyone under To while the kinds are not known yet", () => {
    expect(recipientRows([to, cc, bcc], null, null)).toEqual({ to: [to, cc, bcc], cc: [], bcc: [] });
  });
});

describe("recipientSummary", () => {
  it("shows the first three and counts the rest", () => {
    expect(recipientSummary([to, cc, bcc, { name: "", email: "erin@example.com" }])).toBe(
      "Bob <bob@example.com>, Carol@Example.com, dave@example.com +1 more",
    );
    expect(recipientSummary([])).toBe("—");
  });
});
