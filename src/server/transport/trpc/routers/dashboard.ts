import { getDashboardStatsOperation } from "../../../api/archive/dashboard.operations";
import { router } from "../init";
import { query } from "../operation-procedure";

export const dashboardRouter = router({
  stats: query(getDashboardStatsOperation),
});
