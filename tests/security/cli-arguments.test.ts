import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * Why `npm run archive` needs no NUL/surrogate check of its own: a process's arguments cannot
 * carry either. The operating system passes C strings (no NUL), and Node decodes them as UTF-8,
 * turning any byte sequence that is not UTF-8 (such as an encoded lone surrogate) into U+FFFD.
 */
describe("CLI arguments", () => {
  it("cannot contain a NUL", () => {
    expect(() => spawnSync(process.execPath, ["-e", "", "--source", "a\u0000b"])).toThrow(/null bytes/);
  });

  it("arrive well-formed, whatever bytes were given", () => {
    // The UTF-8-style encoding of the lone surrogate U+D800 (ED A0 80), given as raw bytes by the shell.
    const printArgs = `exec "${process.execPath}" -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "$(printf 'a\\355\\240\\200b')"`;
    const fromShell = JSON.parse(spawnSync("/bin/sh", ["-c", printArgs], { encoding: "utf8" }).stdout) as string[];
    expect(fromShell).toEqual(["a\uFFFD\uFFFD\uFFFDb"]);
    const fromNode = spawnSync(process.execPath, ["-e", "console.log(JSON.stringify(process.argv.slice(1)))", "--", "a\uD800b"], {
      encoding: "utf8",
    });
    expect(JSON.parse(fromNode.stdout)).toEqual(["a\uFFFDb"]);
  });
});
