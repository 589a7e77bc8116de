import { describe, expect, it } from "vitest";
import { isForeignKeyViolation, isStatementCancelled, isUniqueViolation } from "./database-errors";

const adapterError = (originalCode: string, kind: string) => ({
  code: "P2010",
  meta: { driverAdapterError: { cause: { originalCode, kind } } },
});

describe("database errors", () => {
  it("recognise each violation by Prisma's code, pg's code and the driver adapter's, also down the cause chain", () => {
    for (const [check, prisma, postgres, kind] of [
      [isUniqueViolation, "P2002", "23505", "UniqueConstraintViolation"],
      [isForeignKeyViolation, "P2003", "23503", "ForeignKeyConstraintViolation"],
    ] as const) {
      expect(check({ code: prisma })).toBe(true);
      expect(check({ code: postgres })).toBe(true);
      expect(check(adapterError(postgres, "other"))).toBe(true);
      expect(check(adapterError("00000", kind))).toBe(true);
      expect(
        check(new Error("wrapped", { cause: new Error("again", { cause: Object.assign(new Error("pg"), { code: postgres }) }) })),
      ).toBe(true);
      expect(check(new Error("unrelated", { cause: { code: "40001" } }))).toBe(false);
    }
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isForeignKeyViolation({ code: "23505" })).toBe(false);
  });

  it("recognise a cancelled statement from pg, inside a Prisma transaction, and a Prisma transaction's timeout", () => {
    expect(isStatementCancelled({ code: "57014" })).toBe(true);
    expect(isStatementCancelled(adapterError("57014", "postgres"))).toBe(true);
    expect(isStatementCancelled({ code: "P2028" })).toBe(true);
    expect(isStatementCancelled(adapterError("40001", "postgres"))).toBe(false);
    expect(isStatementCancelled({ code: "P2010" })).toBe(false);
  });

  it("stop on a cause chain that loops", () => {
    const looping: { code: string; cause?: unknown } = { code: "XX000" };
    looping.cause = looping;
    expect(isForeignKeyViolation(looping)).toBe(false);
  });
});
