import { getDashboardStatsOperation } from "../../../archive/dashboard/dashboard.operations";
import { router } from "../init";
import { query } from "../operation-procedure";

export const dashboardRouter = router({
  stats: query(getDashboardStatsOperation),
});
