import { createCallerFactory, router } from "./init";
import { accountRouter } from "./routers/account";
import { auditRouter } from "./routers/audit";
import { rolesRouter } from "./routers/roles";
import { usersRouter } from "./routers/users";

export const appRouter = router({
  account: accountRouter,
  users: usersRouter,
  roles: rolesRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
