import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commitMessageProblems } from "../../scripts/git-hooks/commit-message-rule.mjs";

const HOOK = path.resolve(import.meta.dirname, "../../scripts/git-hooks/commit-msg");

/** Runs the hook as git does: the message in a file, its path as the argument; answers its exit status. */
function hookExit(message: string): number {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "commit-msg-")), "COMMIT_EDITMSG");
  writeFileSync(file, message);
  try {
    execFileSync(HOOK, [file], { stdio: "pipe" });
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe("the commit-msg hook", () => {
  it("accepts a subject of at most 72 characters, a blank line and a body", () => {
    expect(commitMessageProblems(`${"a".repeat(72)}\n\nWhy it changed.\n# a comment git strips\n`)).toEqual([]);
    expect(hookExit("Short subject\n\nThe reason.\n")).toBe(0);
  });

  it("refuses a long subject, a missing body and a missing blank line, naming each", () => {
    expect(commitMessageProblems(`${"a".repeat(73)}\n\nWhy.`)).toEqual(["the subject is 73 characters; at most 72"]);
    expect(commitMessageProblems("Subject only\n")).toEqual(["there is no body saying why (a blank line, then the reason)"]);
    expect(commitMessageProblems("Subject\nBody without a blank line")).toEqual(["the subject must be followed by a blank line"]);
    expect(hookExit("Subject only\n")).toBe(1);
  });

  it("leaves git's own merge messages alone", () => {
    expect(commitMessageProblems("Merge branch 'wip/x'\n")).toEqual([]);
  });
});
