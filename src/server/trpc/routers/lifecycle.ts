import { forecastDeletions } from "../../lifecycle/forecast-deletions";
import { getEmailRetentionStatus } from "../../lifecycle/get-email-retention-status";
import { listCycles } from "../../lifecycle/list-cycles";
import { emailStatusParamsSchema, forecastQuerySchema, listCyclesQuerySchema } from "../../retention-policies/retention-policies.schemas";
import { procedure, router } from "../init";

const manageRetention = procedure({ permission: "manage:all", feature: "RETENTION_POLICY" });

export const lifecycleRouter = router({
  forecast: manageRetention.input(forecastQuerySchema).query(({ input }) => forecastDeletions({ days: input.days })),
  cycles: manageRetention.input(listCyclesQuerySchema).query(({ input }) => listCycles({ limit: input.limit })),
  emailStatus: procedure({ permission: "read:archive", feature: "RETENTION_POLICY" })
    .input(emailStatusParamsSchema)
    .query(({ ctx, input }) => getEmailRetentionStatus({ principal: ctx.principal, emailId: input.emailId })),
});
