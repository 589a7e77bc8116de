import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `next build` warns "Dynamic filesystem access causes tracing of the whole project" for a
 * `path.resolve` of a directory chosen at run time (the configuration, the environment, DATA_DIR) in
 * code the app bundles (it resolves against the working directory), and then traces every file of
 * the project into the output; a `path.join` onto dataDir() is already outside what it traces.
 * Such a call carries `/*turbopackIgnore: true*\/` (as dataDir() and exportDirectory() do), so a
 * first build prints no warning (issue 49). This walks the server code for those calls.
 */
const SERVER_DIR = path.join(process.cwd(), "src", "server");
const RUN_TIME_DIRECTORY = /path\.resolve\((?![^)]*turbopackIgnore)[^)]*(config\.|dataDir\(\)|process\.env|textFromEnv\()/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("the build traces no run-time directory", () => {
  it("marks every path.resolve of the configuration or the environment turbopackIgnore", () => {
    const offending = sourceFiles(SERVER_DIR).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          RUN_TIME_DIRECTORY.test(line) ? [`${path.relative(process.cwd(), file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offending).toEqual([]);
  });
});
