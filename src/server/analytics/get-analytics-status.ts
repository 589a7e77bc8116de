import type { Principal } from "../identity/auth/principal";
import { visibleEmailsCondition } from "../archive/archived-emails.queries";
import { db } from "../platform/db/client";
import { selectVisibleAnalysisStatus } from "./analytics.queries";
import type { AnalyticsStatusDto } from "./analytics.responses";

/**
 * How far the worker's review analytics has got among the emails the caller may read: how many
 * wait, how many are analysed, and when it last analysed one (docs/ediscovery.md).
 */
export async function getAnalyticsStatus(options: { principal: Principal }): Promise<AnalyticsStatusDto> {
  return selectVisibleAnalysisStatus(db(), visibleEmailsCondition(options.principal));
}
