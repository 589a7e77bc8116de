// Worker thread entry of a verification helper (plain JavaScript, loaded by path under tsx, Vitest
// and the production server alike); the walk itself is the TypeScript the main thread runs.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { runVerifyHelper } = await import("./verify-helper.ts");
await runVerifyHelper(parentPort, workerData);
