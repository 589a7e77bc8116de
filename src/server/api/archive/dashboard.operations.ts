import { operation } from "../operation";
import { getDashboardStats } from "../../installation/dashboard/get-dashboard-stats";

/** UI only (no REST route): the dashboard's figures, within the caller's archive scope. */
export const getDashboardStatsOperation = operation({
  summary: "The dashboard's figures: totals, sources, growth and the deletion forecast",
  access: { permission: "read:archive" },
  reads: "replica",
  handler: ({ principal }) => getDashboardStats({ principal }),
});
