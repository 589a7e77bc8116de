import { once } from "node:events";
import { chmodSync, closeSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  copyPrivateFile,
  makePrivateDirectory,
  makePrivateDirectorySync,
  openPrivateFile,
  openPrivateFileSync,
  privateWriteStream,
  writePrivateFile,
  writePrivateFileSync,
} from "./private-files";

const modeOf = (file: string) => lstatSync(file).mode & 0o777;
let umask: number;
let root: string;
beforeAll(() => {
  umask = process.umask(0);
  root = mkdtempSync(path.join(tmpdir(), "private-files-"));
});
afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

describe("private files under umask 0", () => {
  it("creates directories and their missing parents 0700, and makes an existing one 0700", async () => {
    makePrivateDirectorySync(path.join(root, "a/b/c"));
    await makePrivateDirectory(path.join(root, "d/e"));
    for (const directory of ["a", "a/b", "a/b/c", "d", "d/e"]) expect(modeOf(path.join(root, directory)), directory).toBe(0o700);
    mkdirSync(path.join(root, "old"), { mode: 0o755 });
    await makePrivateDirectory(path.join(root, "old"));
    expect(modeOf(path.join(root, "old"))).toBe(0o700);
    mkdirSync(path.join(root, "older"), { mode: 0o777 });
    makePrivateDirectorySync(path.join(root, "older"));
    expect(modeOf(path.join(root, "older"))).toBe(0o700);
  });

  it("creates files 0600 and makes an existing file 0600 when it rewrites it, by every writer", async () => {
    const writers: [string, (file: string) => Promise<void> | void][] = [
      ["writePrivateFile", (file) => writePrivateFile(file, "x")],
      ["writePrivateFileSync", (file) => writePrivateFileSync(file, "x")],
      [
        "openPrivateFile",
        async (file) => {
          const handle = await openPrivateFile(file);
          await handle.write("x");
          await handle.close();
        },
      ],
      [
        "openPrivateFileSync",
        (file) => {
          const fd = openPrivateFileSync(file);
          writeSync(fd, "x");
          closeSync(fd);
        },
      ],
      [
        "privateWriteStream",
        async (file) => {
          const stream = privateWriteStream(file);
          stream.end("x");
          await once(stream, "close");
        },
      ],
      ["copyPrivateFile", (file) => copyPrivateFile(path.join(root, "source"), file)],
    ];
    writeFileSync(path.join(root, "source"), "x", { mode: 0o644 });
    for (const [name, write] of writers) {
      const fresh = path.join(root, `${name}-fresh`);
      await write(fresh);
      expect(modeOf(fresh), name).toBe(0o600);
      const existing = path.join(root, `${name}-existing`);
      writeFileSync(existing, "old contents", { mode: 0o666 });
      chmodSync(existing, 0o666);
      await write(existing);
      expect(modeOf(existing), name).toBe(0o600);
      expect(readFileSync(existing, "utf8"), name).toBe("x");
    }
  });
});
