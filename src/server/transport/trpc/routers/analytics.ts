import * as analytics from "../../../api/analytics/analytics.operations";
import { router } from "../init";
import { query } from "../operation-procedure";

export const analyticsRouter = router({
  status: query(analytics.getAnalyticsStatusOperation),
});
