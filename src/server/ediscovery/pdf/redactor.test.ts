import { describe, expect, it } from "vitest";
import { Redactor } from "./redactor";

describe("Redactor", () => {
  const redactor = new Redactor([
    { pattern: "Project Falcon", kind: "text", label: "CONF" },
    { pattern: String.raw`\b\d{3}-\d{2}-\d{4}\b`, kind: "regex", label: "PII" },
    { pattern: "a.b", kind: "text", label: "Redacted" },
  ]);

  it("replaces every match, case-insensitively, text patterns literally", () => {
    expect(redactor.text("project falcon and PROJECT FALCON; 123-45-6789; a.b but not axb")).toBe(
      "[CONF] and [CONF]; [PII]; [Redacted] but not axb",
    );
  });

  it("redacts from the start even right after a check found a match (a global expression's lastIndex)", () => {
    const text = "Budget of Project Falcon page 1";
    expect(redactor.matches(text)).toBe(true);
    expect(redactor.text(text)).toBe("Budget of [CONF] page 1");
    expect(redactor.matches(text)).toBe(true);
  });

  it("merges overlapping matches into one box and escapes kept text in HTML", () => {
    const overlapping = new Redactor([
      { pattern: "alpha beta", kind: "text", label: "A" },
      { pattern: "beta gamma", kind: "text", label: "B" },
    ]);
    expect(overlapping.text("x alpha beta gamma y")).toBe("x [A] y");
    expect(redactor.html("<b>Project Falcon</b> & 'x'")).toBe('&lt;b&gt;<span class="redaction">CONF</span>&lt;/b&gt; &amp; &#39;x&#39;');
  });

  it("leaves text alone without rules", () => {
    const none = new Redactor([]);
    expect(none.active).toBe(false);
    expect(none.text("anything")).toBe("anything");
    expect(none.matches("anything")).toBe(false);
  });
});
