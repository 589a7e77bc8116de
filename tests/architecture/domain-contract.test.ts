import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A domain's write errors (the "duplicate name → 409" factories, the constraint-violation mappers and
 * the name keys the unique indexes compare) live in one `<domain>.errors.ts` beside its schemas. An
 * update use case that reached into its create sibling for them, or a duplicate-name factory written
 * in a use case, would be a second home for the same answer. Likewise a response schema's DTO type
 * (`z.infer<typeof …Response>`) is declared once, beside the schema in `<domain>.responses.ts`.
 */
const SERVER = join(import.meta.dirname, "..", "..", "src", "server");

const sources = readdirSync(SERVER, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => ({ file, text: readFileSync(join(SERVER, file), "utf8") }));

/** `conflict("A … named "…"` / `conflict("… with this name|email …")`: the duplicate-name answers. */
const DUPLICATE_NAME_CONFLICT = /\bconflict\(\s*[`"'][^\n]*?(named "|with this (name|email))/;

/** `z.infer<typeof somethingResponse>`: the TypeScript side of a domain's response contract. */
const RESPONSE_DTO_TYPE = /\bz\.(infer|output)<typeof \w+Response>/;

const IMPORTS_CREATE_SIBLING = /from\s+["']\.\/create-[\w-]+["']/;

describe("each domain's contract lives in its *.errors.ts and *.responses.ts", () => {
  it("no update-*.ts imports a create-*.ts sibling", () => {
    const offenders = sources.filter(({ file, text }) => basename(file).startsWith("update-") && IMPORTS_CREATE_SIBLING.test(text));
    expect(offenders.map(({ file }) => file)).toEqual([]);
  });

  it("a duplicate-name conflict is declared only in a *.errors.ts", () => {
    const offenders = sources.filter(({ file, text }) => !file.endsWith(".errors.ts") && DUPLICATE_NAME_CONFLICT.test(text));
    expect(offenders.map(({ file }) => file)).toEqual([]);
  });

  it("a response schema's DTO type is declared beside it in a *.responses.ts", () => {
    const offenders = sources.filter(({ file, text }) => !file.endsWith(".responses.ts") && RESPONSE_DTO_TYPE.test(text));
    expect(offenders.map(({ file }) => file)).toEqual([]);
  });

  it("the pattern recognises the answers it guards", () => {
    expect(DUPLICATE_NAME_CONFLICT.test('conflict("A user with this email already exists")')).toBe(true);
    expect(DUPLICATE_NAME_CONFLICT.test('conflict(`A legal hold named "${name}" already exists`)')).toBe(true);
    expect(DUPLICATE_NAME_CONFLICT.test('conflict("Setup is complete: a user already exists")')).toBe(false);
    expect(RESPONSE_DTO_TYPE.test("Promise<z.infer<typeof receiptVerificationResponse>>")).toBe(true);
    expect(IMPORTS_CREATE_SIBLING.test('import { duplicateEmail } from "./create-user";')).toBe(true);
  });
});
