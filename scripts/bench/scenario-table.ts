/**
 * The scenarios the bench runs each in a child process (scripts/bench/scenario.ts): each one's
 * module, loaded alone so that the process holds only what its scenario needs, and whether it runs
 * the worker's code. A worker scenario's process is started as `npm run worker` starts Node and
 * holds the worker's modules (scripts/worker-main.ts) before it starts, so that its peak RSS is a
 * worker's: no more (the other scenarios' modules) and no less (the worker's other loops' code).
 */
type Scenario = { worker?: true; load: () => Promise<(params: never) => Promise<unknown>> };

export const SCENARIOS: Record<string, Scenario> = {
  "raw-parse": { load: async () => (await import("./scenarios/raw-parse")).rawParse },
  search: { load: async () => (await import("./scenarios/search")).searchScenario },
  "bulk-hold": { load: async () => (await import("./scenarios/bulk-hold")).bulkHoldScenario },
  "ediscovery-export": { worker: true, load: async () => (await import("./scenarios/ediscovery")).exportScenario },
  "ediscovery-pdf-export": { worker: true, load: async () => (await import("./scenarios/ediscovery")).pdfExportScenario },
  "ediscovery-bulk-tag": { load: async () => (await import("./scenarios/ediscovery")).bulkTagScenario },
  lifecycle: { worker: true, load: async () => (await import("./scenarios/lifecycle")).lifecycleScenario },
  journal: { load: async () => (await import("./scenarios/journal")).journalScenario },
  "cloud-sync": { load: async () => (await import("./scenarios/cloud-sync")).cloudSyncScenario },
  "audit-verify": { load: async () => (await import("./scenarios/audit-verify")).auditVerifyScenario },
  "audit-hash-baseline": { load: async () => (await import("./scenarios/audit-verify")).auditHashBaseline },
  "storage-raw": { load: async () => (await import("./scenarios/storage")).rawDownloadScenario },
  "review-analytics": { worker: true, load: async () => (await import("./scenarios/review-analytics")).reviewAnalyticsScenario },
  "review-analytics-follow": {
    worker: true,
    load: async () => (await import("./scenarios/review-analytics")).reviewAnalyticsFollowScenario,
  },
};
