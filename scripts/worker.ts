/** `npm run worker`: the worker's entry point (what it does: scripts/worker-main.ts). */
import { runWorker } from "./worker-main";

runWorker().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
