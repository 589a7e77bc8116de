// Worker thread entry of a verification helper. It runs compiled: scripts/build-workers.ts bundles it
// to plain JavaScript (npm run build, the start script, the test setup), so no TypeScript loader is
// needed at run time.
import { parentPort, workerData } from "node:worker_threads";
import { runVerifyHelper, type VerifyHelperData } from "./verify-helper";

if (!parentPort) throw new Error("the verification helper runs as a worker thread");
await runVerifyHelper(parentPort, workerData as VerifyHelperData);
