import { createCallerFactory, router } from "./init";
import { accountRouter } from "./routers/account";
import { analyticsRouter } from "./routers/analytics";
import { archivedEmailsRouter } from "./routers/archived-emails";
import { auditRouter } from "./routers/audit";
import { dashboardRouter } from "./routers/dashboard";
import { dispositionsRouter } from "./routers/dispositions";
import { ediscoveryRouter } from "./routers/ediscovery";
import { legalHoldsRouter } from "./routers/legal-holds";
import { licenseRouter } from "./routers/license";
import { lifecycleRouter } from "./routers/lifecycle";
import { retentionLabelsRouter } from "./routers/retention-labels";
import { retentionPoliciesRouter } from "./routers/retention-policies";
import { rolesRouter } from "./routers/roles";
import { searchRouter } from "./routers/search";
import { settingsRouter } from "./routers/settings";
import { sourcesRouter } from "./routers/sources";
import { ssoRouter } from "./routers/sso";
import { systemRouter } from "./routers/system";
import { usersRouter } from "./routers/users";

export const appRouter = router({
  account: accountRouter,
  users: usersRouter,
  roles: rolesRouter,
  audit: auditRouter,
  license: licenseRouter,
  search: searchRouter,
  analytics: analyticsRouter,
  legalHolds: legalHoldsRouter,
  ediscovery: ediscoveryRouter,
  retentionLabels: retentionLabelsRouter,
  retentionPolicies: retentionPoliciesRouter,
  lifecycle: lifecycleRouter,
  dispositions: dispositionsRouter,
  archivedEmails: archivedEmailsRouter,
  sources: sourcesRouter,
  settings: settingsRouter,
  sso: ssoRouter,
  dashboard: dashboardRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
