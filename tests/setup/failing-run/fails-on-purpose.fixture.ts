import { expect, it } from "vitest";

// Run only by tests/setup/exit-code.int.test.ts through its own config.
it("fails on purpose", () => expect(1).toBe(2));
