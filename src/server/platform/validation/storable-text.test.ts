import { describe, expect, it } from "vitest";
import { storableText } from "./storable-text";

describe("storableText", () => {
  it("replaces NUL and lone surrogates with U+FFFD and keeps everything else", () => {
    expect(storableText("plain Grüße 会議 😀")).toBe("plain Grüße 会議 😀");
    expect(storableText("a\u0000b\u0000")).toBe("a\uFFFDb\uFFFD");
    expect(storableText("x\uD800y\uDC00z")).toBe("x\uFFFDy\uFFFDz");
    expect(storableText("\uDC00\uD83D\uDE00\uD83D")).toBe("\uFFFD😀\uFFFD");
    expect(storableText("")).toBe("");
  });
});
