import { createCallerFactory, router } from "./init";
import { accountRouter } from "./routers/account";
import { archivedEmailsRouter, dashboardRouter, settingsRouter, sourcesRouter } from "./routers/archive";
import { auditRouter } from "./routers/audit";
import { ediscoveryRouter } from "./routers/ediscovery";
import { legalHoldsRouter } from "./routers/legal-holds";
import { licenseRouter } from "./routers/license";
import { dispositionsRouter, lifecycleRouter, retentionLabelsRouter, retentionPoliciesRouter } from "./routers/retention";
import { rolesRouter } from "./routers/roles";
import { searchRouter } from "./routers/search";
import { ssoRouter } from "./routers/sso";
import { usersRouter } from "./routers/users";

export const appRouter = router({
  account: accountRouter,
  users: usersRouter,
  roles: rolesRouter,
  audit: auditRouter,
  license: licenseRouter,
  search: searchRouter,
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
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
