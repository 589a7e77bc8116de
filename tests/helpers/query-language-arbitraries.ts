import fc from "fast-check";

/**
 * Random queries of the search language built from `clause`: clauses joined by AND, OR or a space
 * (implicit AND) in parentheses, and negated with NOT or `-`.
 */
export function queryOf(clause: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.letrec((tie) => {
    const node = tie("node") as fc.Arbitrary<string>;
    return {
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        clause,
        fc.tuple(node, fc.constantFrom(" AND ", " OR ", " "), node).map(([a, op, b]) => `(${a}${op}${b})`),
        node.map((inner) => `NOT ${inner}`),
        node.map((inner) => `-${inner.startsWith("-") ? `(${inner})` : inner}`),
      ),
    };
  }).node as fc.Arbitrary<string>;
}
