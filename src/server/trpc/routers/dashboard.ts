import { getDashboardStats } from "../../dashboard/get-dashboard-stats";
import { procedure, router } from "../init";

export const dashboardRouter = router({
  stats: procedure({ permission: "read:archive" }).query(({ ctx }) => getDashboardStats({ principal: ctx.principal })),
});
