/**
 * Child-process entry: `node --import tsx scripts/bench/scenario.ts <name> <file of JSON params>` runs one
 * in-process scenario (so its peak RSS is its own) and prints its result as one JSON line.
 */
import { readFileSync } from "node:fs";
import { disconnectDb } from "../../src/server/platform/db/client";
import { SCENARIOS } from "./scenario-table";

const [name, paramsFile] = process.argv.slice(2);
const entry = SCENARIOS[name];
if (!entry) {
  console.error(`unknown scenario ${name}; one of ${Object.keys(SCENARIOS).join(", ")}`);
  process.exit(2);
}
if (entry.worker) await import("../worker-main");
const scenario = await entry.load();
try {
  const result = await scenario(JSON.parse(paramsFile ? readFileSync(paramsFile, "utf8") : "{}") as never);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await disconnectDb();
}
process.exit(0);
