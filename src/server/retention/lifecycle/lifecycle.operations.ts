import { z } from "zod";
import { operation } from "../../platform/api/operation";
import { emailStatusParamsSchema, forecastQuerySchema, listCyclesQuerySchema } from "../policies/retention-policies.schemas";
import { forecastDeletions } from "./forecast-deletions";
import { getEmailRetentionStatus } from "./get-email-retention-status";
import { deletionForecastResponse, emailRetentionStatusResponse, lifecycleCycleResponse } from "./lifecycle.responses";
import { listCycles } from "./list-cycles";

const manageRetention = { permission: "manage:retention", feature: "RETENTION_POLICY" } as const;

export const forecastDeletionsOperation = operation({
  summary: "How many emails expire over the coming days",
  access: manageRetention,
  query: forecastQuerySchema,
  response: deletionForecastResponse,
  handler: ({ query }) => forecastDeletions({ days: query.days }),
});

export const listCyclesOperation = operation({
  summary: "The lifecycle worker's latest cycles",
  access: manageRetention,
  query: listCyclesQuerySchema,
  response: z.array(lifecycleCycleResponse),
  handler: ({ query }) => listCycles({ limit: query.limit }),
});

export const getEmailRetentionStatusOperation = operation({
  summary: "An email's retention status: its rule, deadline and protections",
  access: { permission: "read:archive", feature: "RETENTION_POLICY" },
  params: emailStatusParamsSchema,
  response: emailRetentionStatusResponse,
  errors: [404],
  handler: ({ principal, params }) => getEmailRetentionStatus({ principal, emailId: params.emailId }),
});
