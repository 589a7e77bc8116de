import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { emptyTrash, moveToTrash } from "../../scripts/bench/trash";

describe("the bench's trash", () => {
  const made: string[] = [];
  const benchDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-trash-"));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("moves a directory aside with its files, and deletes it only when emptied", () => {
    const bench = benchDir();
    const storage = path.join(bench, "app", "storage");
    mkdirSync(path.join(storage, "sha256", "ab"), { recursive: true });
    writeFileSync(path.join(storage, "sha256", "ab", "blob"), "bytes");
    moveToTrash(storage, bench);
    expect(existsSync(storage)).toBe(false);
    const trash = readdirSync(bench).filter((entry) => entry.startsWith("trash-"));
    expect(trash).toHaveLength(1);
    expect(existsSync(path.join(bench, trash[0], "sha256", "ab", "blob"))).toBe(true);
    expect(emptyTrash(bench)).toBe(1);
    expect(readdirSync(bench).sort()).toEqual(["app"]);
  });

  it("gives two directories of the same name two places, ignores a missing one, and leaves other entries", () => {
    const bench = benchDir();
    for (const parent of ["a", "b"]) mkdirSync(path.join(bench, parent, "notmuch"), { recursive: true });
    mkdirSync(path.join(bench, "storage-trash-1"));
    writeFileSync(path.join(bench, "corpus.mbox"), "From x\n");
    moveToTrash(path.join(bench, "a", "notmuch"), bench);
    moveToTrash(path.join(bench, "b", "notmuch"), bench);
    moveToTrash(path.join(bench, "missing"), bench);
    expect(emptyTrash(bench)).toBe(3);
    expect(readdirSync(bench).sort()).toEqual(["a", "b", "corpus.mbox"]);
    expect(emptyTrash(bench)).toBe(0);
  });
});
