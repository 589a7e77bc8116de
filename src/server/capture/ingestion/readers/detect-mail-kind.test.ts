import { describe, expect, it } from "vitest";
import { detectMailKind } from "./detect-mail-kind";

const kindOf = (text: string, whole = true) => detectMailKind(Buffer.from(text, "latin1"), whole);

describe("detectMailKind", () => {
  it("takes a header section as a message, whatever the file is called", () => {
    expect(kindOf("Return-Path: <a@example.com>\r\nSubject: hi\r\n folded\r\n\r\nbody\r\n")).toEqual({ kind: "message" });
    // Python's parser ends the header section at the first line that is not a field: so does this.
    expect(kindOf("From: a@example.com\nSubject: x\nno blank line before the body\n")).toEqual({ kind: "message" });
    expect(kindOf("Note: a text file\nthat starts like a header\n")).toEqual({
      error: "not a message: its header section has none of From, Date, Subject, Received, Content-Type and the like",
    });
  });

  it("takes From lines for an mbox, even after stray text, and magic bytes for zip and .pst", () => {
    expect(kindOf("\nFrom a@example.com Mon Jan 15 12:00:00 2024\nSubject: x\n\nbody\n")).toEqual({ kind: "mbox" });
    expect(kindOf("a stray line\n\nFrom a@example.com Mon Jan 15 12:00:00 2024\nSubject: x\n\n")).toEqual({ kind: "mbox" });
    expect(kindOf("PK\u0003\u0004rest")).toEqual({ kind: "zip" });
    expect(kindOf("!BDNrest")).toEqual({ kind: "pst" });
  });

  it("says why anything else is not mail, without quoting it", () => {
    expect(kindOf("")).toEqual({ error: "empty file" });
    expect(kindOf("GIF89a\u0001\u0000secret")).toEqual({
      error: "not a message, mbox, zip or .pst file: its first line is neither a header field nor a From line",
    });
    // A cut-off head does not judge its last, possibly cut, line.
    expect(kindOf("Subject: one\nX-Cut-Off-Here wit", false)).toEqual({ kind: "message" });
  });
});
