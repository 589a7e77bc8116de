import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * The Node versions package.json declares (`engines.node`, stated in the README) must be ones every
 * locked package accepts: otherwise `npm install` on a "supported" Node prints engine warnings (it
 * printed 26 on Node 20 while the project declared `>=20.9`). A dependency update that drops a Node
 * version fails here until `engines` and the README move with it.
 */
const ROOT = join(import.meta.dirname, "..", "..");

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(join(ROOT, file), "utf8"));

/** Platform packages npm never installs here (another OS or CPU): their engines never reach a user of this platform. */
const forAnotherPlatform = (locked: LockedPackage) =>
  (locked.os !== undefined && !locked.os.includes(process.platform)) || (locked.cpu !== undefined && !locked.cpu.includes(process.arch));

describe("Node engines", () => {
  const manifest = readJson("package.json") as { engines: { node: string } };
  const lock = readJson("package-lock.json") as { packages: Record<string, LockedPackage> };
  const supported = manifest.engines.node;

  it("package.json and the lock file's root entry declare the same Node range", () => {
    expect(lock.packages[""]?.engines).toEqual(manifest.engines);
  });

  it("every locked package accepts every Node version package.json declares", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, locked]) => path !== "" && !forAnotherPlatform(locked))
      .flatMap(([path, locked]) => {
        const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
        return range !== undefined && !semver.subset(supported, range) ? [`${path}@${locked.version}: node ${range}`] : [];
      });
    expect(refusing, `packages whose engines refuse part of "${supported}"`).toEqual([]);
  });

  it("the README names the supported Node versions", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme.includes(`\`"node": "${supported}"\``), `README.md names \`"node": "${supported}"\``).toBe(true);
  });
});
