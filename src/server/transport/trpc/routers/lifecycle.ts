import * as lifecycle from "../../../api/retention/lifecycle.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const lifecycleRouter = router({
  forecast: query(lifecycle.forecastDeletionsOperation),
  cycles: query(lifecycle.listCyclesOperation),
  emailStatus: query(lifecycle.getEmailRetentionStatusOperation),
  requestCycle: mutation(lifecycle.requestCycleOperation),
  cycleRequest: query(lifecycle.getCycleRequestOperation),
});
