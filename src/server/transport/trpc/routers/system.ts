import * as system from "../../../api/installation/system.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const systemRouter = router({
  status: query(system.getSystemStatusOperation),
  retryJob: mutation(system.retryJobOperation),
  workerPresence: query(system.getWorkerPresenceOperation),
});
