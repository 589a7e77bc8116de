import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

// The lint's own rules (npm run lint:layers), not a copy of them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const layersConfig = require("../../.dependency-cruiser.cjs") as { forbidden: unknown[]; options: Record<string, unknown> };

const repositoryRoot = path.resolve(__dirname, "../..");

/** Cruises as `npm run lint:layers` does: the repository's tsconfig resolves the `@/` paths. */
async function cruiseFrom(baseDir: string, paths: string[]): Promise<ICruiseResult> {
  const tsConfigFile = path.join(repositoryRoot, "tsconfig.json");
  const result = await cruise(
    paths,
    {
      ...layersConfig.options,
      baseDir,
      ruleSet: { forbidden: layersConfig.forbidden },
      validate: true,
      tsConfig: { fileName: tsConfigFile },
    } as never,
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  return result.output as ICruiseResult;
}

describe("the layer order of src/server", () => {
  it("refuses an upward import and names the rule, allows a downward one and a test's", async () => {
    const result = await cruiseFrom(path.join(repositoryRoot, "tests/fixtures/layers"), ["src/server"]);
    const violations = result.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`);
    expect(violations).toEqual([
      "layers: archive imports only below: src/server/archive/reads-capture.ts -> src/server/capture/sync-source.ts",
    ]);
  });

  it("holds on the repository: no violation and no two contexts importing each other", async () => {
    const result = await cruiseFrom(repositoryRoot, ["src/server"]);
    expect(result.summary.violations).toEqual([]);
    const contextOf = (file: string) => /^src\/server\/([^/]+)\//.exec(file)?.[1];
    const pairs = new Set<string>();
    for (const cruised of result.modules) {
      const from = contextOf(cruised.source);
      if (!from || /\.test\.tsx?$/.test(cruised.source)) continue;
      for (const dependency of cruised.dependencies) {
        const to = contextOf(dependency.resolved);
        if (to && to !== from) pairs.add(`${from} -> ${to}`);
      }
    }
    // The `@/` alias resolves: alias imports count like relative ones.
    expect(result.modules.some((cruised) => cruised.dependencies.some((dependency) => dependency.module.startsWith("@/server/")))).toBe(
      true,
    );
    const bothWays = [...pairs].filter((pair) => pairs.has(pair.split(" -> ").reverse().join(" -> ")));
    expect(pairs.size).toBeGreaterThan(20);
    expect(bothWays).toEqual([]);
  });
});
