import { describe, expect, it } from "vitest";
import { adjacentPairsQuery } from "./word-pairs";

describe("adjacentPairsQuery", () => {
  it("ANDs each pair of neighbouring lexemes of a phrase, once", () => {
    expect(adjacentPairsQuery("'a' <-> 'b' <-> 'c'")).toBe("'a b' & 'b c'");
    expect(adjacentPairsQuery("'a' <-> 'b' <-> 'a' <-> 'b'")).toBe("'a b' & 'b a'");
  });

  it("keeps the quoting of each lexeme inside the pair", () => {
    expect(adjacentPairsQuery(String.raw`'o''neil' <-> 'x\\y'`)).toBe(String.raw`'o''neil x\\y'`);
    expect(adjacentPairsQuery("'it''s <-> fine' <-> 'b'")).toBe("'it''s <-> fine b'");
  });

  it("implies nothing for a single lexeme or any operator but <->", () => {
    expect(adjacentPairsQuery("'a'")).toBeNull();
    expect(adjacentPairsQuery("'a' <2> 'b'")).toBeNull();
    expect(adjacentPairsQuery("'a' & 'b'")).toBeNull();
    expect(adjacentPairsQuery("( 'a' <-> 'b' ) | 'c'")).toBeNull();
  });

  it("leaves out a pair too long for word_pairs() to have indexed", () => {
    const [long, other] = ["x".repeat(1500), "y".repeat(546)];
    expect(adjacentPairsQuery(`'${long}' <-> '${other}'`)).toBe(`'${long} ${other}'`);
    expect(adjacentPairsQuery(`'${long}' <-> '${other}y'`)).toBeNull();
    expect(adjacentPairsQuery(`'${long}' <-> '${other}y' <-> 'z'`)).toBe(`'${other}y z'`);
  });
});
