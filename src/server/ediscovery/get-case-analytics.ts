import { selectEmailSetAnalytics, selectEmailSetLanguages } from "../analytics/analytics.queries";
import type { CaseAnalyticsDto } from "../analytics/analytics.responses";
import type { Principal } from "../identity/auth/principal";
import { db } from "../platform/db/client";
import { accessibleCase } from "./case-access";
import { caseReviewSetSql } from "./tags.queries";

/**
 * A case's review analytics (docs/ediscovery.md, "Review analytics"): over its review set (the
 * emails carrying one of its tags that the member may read), how many conversations, how many
 * emails of each class, near-duplicate groups, primary languages, and the share of the set a
 * reviewer need not read (inclusive copies and emails wholly contained in a later one). 404 for
 * a case the caller is not a member of.
 */
export async function getCaseAnalytics(options: { principal: Principal; caseId: string }): Promise<CaseAnalyticsDto> {
  await accessibleCase(db(), options.principal, options.caseId);
  const reviewSet = caseReviewSetSql(options.caseId, options.principal);
  const figures = await selectEmailSetAnalytics(db(), reviewSet);
  const languages = await selectEmailSetLanguages(db(), reviewSet);
  return {
    ...figures,
    languages: Object.fromEntries(languages.map((language) => [language.code, language.n])),
    reviewReduction: figures.emails === 0 ? 0 : Math.round(((figures.inclusiveCopy + figures.none) / figures.emails) * 10_000) / 10_000,
  };
}
