import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Tests set environment variables with `withEnv()` (tests/helpers/with-env.ts), which puts back what
 * was there even when the test fails; the per-file setup sets the test process's own environment with
 * its `setTestFileEnvironment()`. Writing `process.env` directly leaves the value to whatever runs next
 * unless every path undoes it by hand, so no test file or test helper does.
 */
const ROOT = join(import.meta.dirname, "..", "..");

/** An assignment (`=`, `??=`, `||=`, `&&=`, `+=`) to a variable or to `process.env` itself, a `delete`, an `Object.assign`. */
const DIRECT_WRITE = /process\.env(\.\w+|\[[^\]]+\])?\s*(\?\?|\|\||&&|\+)?=(?!=)|delete process\.env|Object\.assign\(process\.env/;

const testFiles = [
  ...readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => join("src", file)),
  ...readdirSync(join(ROOT, "tests"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join("tests", file)),
].filter(
  (file) =>
    ![
      // The fixture writes it, its own test checks what it restores, and this file names the pattern it looks for.
      join("tests", "helpers", "with-env.ts"),
      join("tests", "helpers", "with-env.test.ts"),
      join("tests", "architecture", "test-environment.test.ts"),
    ].includes(file),
);

describe("tests set environment variables with withEnv()", () => {
  it("no test file or test helper writes process.env directly", () => {
    expect(testFiles.filter((file) => DIRECT_WRITE.test(readFileSync(join(ROOT, file), "utf8")))).toEqual([]);
  });

  it("recognises each way of writing process.env, and not reading it", () => {
    const writes = [
      'process.env.DEMO_MODE = "true";',
      "process.env[name] = value;",
      'process.env.AUTH_SECRET ??= "secret";',
      'process.env.PATH += ":/opt/bin";',
      "process.env = { ...saved };",
      "delete process.env.DEMO_MODE;",
      "Object.assign(process.env, slapd.env);",
    ];
    const reads = [
      "const url = process.env.DATABASE_URL!;",
      "if (process.env[name] === undefined) return;",
      'if (process.env.CI !== "true") return;',
      "spawn(command, args, { env: { ...process.env, PORT: '0' } });",
    ];
    expect(writes.filter((line) => !DIRECT_WRITE.test(line))).toEqual([]);
    expect(reads.filter((line) => DIRECT_WRITE.test(line))).toEqual([]);
  });
});
