import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error";
import { assertStorableInput, unstorableStrings } from "./storable-input";

const MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates";

describe("unstorableStrings", () => {
  it("names every bad value and key at any depth, like zod's field paths", () => {
    const input = {
      name: "a\u0000",
      tags: ["ok", "\uD800"],
      nested: { ["k\u0000"]: "fine", deep: [{ v: "\uDC00x" }] },
      n: 1,
      b: true,
      z: null,
    };
    expect(unstorableStrings(input)).toEqual(
      expect.arrayContaining([
        { field: "name", message: MESSAGE },
        { field: "tags.1", message: MESSAGE },
        { field: "nested.k\uFFFD", message: `key ${MESSAGE}` },
        { field: "nested.deep.0.v", message: MESSAGE },
      ]),
    );
    expect(unstorableStrings(input)).toHaveLength(4);
  });

  it("accepts everything else, surrogate pairs and U+FFFD included", () => {
    expect(unstorableStrings({ text: "Grüße 会議 😀 \uFFFD \u0001", list: [1, "x"], empty: "" })).toEqual([]);
    expect(unstorableStrings(undefined)).toEqual([]);
  });

  it("names a bare string by the prefix, or `body`", () => {
    expect(unstorableStrings("\u0000")).toEqual([{ field: "body", message: MESSAGE }]);
    expect(unstorableStrings({ a: "\u0000" }, "query")).toEqual([{ field: "query.a", message: MESSAGE }]);
  });

  it("walks nesting far deeper than the stack allows, and reports at most 20 fields", () => {
    const deep = JSON.parse("[".repeat(200_000) + '"\\u0000"' + "]".repeat(200_000));
    expect(unstorableStrings(deep)).toHaveLength(1);
    expect(unstorableStrings(Array.from({ length: 1000 }, () => "\u0000"))).toHaveLength(20);
  });

  it("assertStorableInput throws a VALIDATION AppError with the field errors", () => {
    expect(() => assertStorableInput({ email: "a\u0000" })).toThrow(AppError);
    expect(() => assertStorableInput({ email: "a" })).not.toThrow();
  });
});
