/**
 * Child-process entry: `node --import tsx scripts/bench/scenario.ts <name> <file of JSON params>` runs one
 * in-process scenario (so its peak RSS is its own) and prints its result as one JSON line.
 */
import { readFileSync } from "node:fs";
import { disconnectDb } from "../../src/server/platform/db/client";
import { auditHashBaseline, auditVerifyScenario } from "./scenarios/audit-verify";
import { bulkHoldScenario } from "./scenarios/bulk-hold";
import { cloudSyncScenario } from "./scenarios/cloud-sync";
import { bulkTagScenario, exportScenario, pdfExportScenario } from "./scenarios/ediscovery";
import { journalScenario } from "./scenarios/journal";
import { lifecycleScenario } from "./scenarios/lifecycle";
import { rawParse } from "./scenarios/raw-parse";
import { searchScenario } from "./scenarios/search";
import { rawDownloadScenario } from "./scenarios/storage";
import { reviewAnalyticsFollowScenario, reviewAnalyticsScenario } from "./scenarios/review-analytics";

const scenarios: Record<string, (params: never) => Promise<unknown>> = {
  "raw-parse": rawParse,
  search: searchScenario,
  "bulk-hold": bulkHoldScenario,
  "ediscovery-export": exportScenario,
  "ediscovery-pdf-export": pdfExportScenario,
  "ediscovery-bulk-tag": bulkTagScenario,
  lifecycle: lifecycleScenario,
  journal: journalScenario,
  "cloud-sync": cloudSyncScenario,
  "audit-verify": auditVerifyScenario,
  "audit-hash-baseline": auditHashBaseline,
  "storage-raw": rawDownloadScenario,
  "review-analytics": reviewAnalyticsScenario,
  "review-analytics-follow": reviewAnalyticsFollowScenario,
};

const [name, paramsFile] = process.argv.slice(2);
const scenario = scenarios[name];
if (!scenario) {
  console.error(`unknown scenario ${name}; one of ${Object.keys(scenarios).join(", ")}`);
  process.exit(2);
}
try {
  const result = await scenario(JSON.parse(paramsFile ? readFileSync(paramsFile, "utf8") : "{}") as never);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await disconnectDb();
}
process.exit(0);
