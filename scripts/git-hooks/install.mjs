// Points git at the repository's hooks (scripts/git-hooks), so the commit convention is checked on every
// clone after `npm install`. Outside a git work tree (an unpacked release) there is nothing to do.
import { spawnSync } from "node:child_process";

const inWorkTree = spawnSync("git", ["rev-parse", "--is-inside-work-tree"], { encoding: "utf8" });
if (inWorkTree.status === 0 && inWorkTree.stdout.trim() === "true") {
  spawnSync("git", ["config", "core.hooksPath", "scripts/git-hooks"], { stdio: "inherit" });
}
