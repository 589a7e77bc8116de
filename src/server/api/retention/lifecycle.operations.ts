import { z } from "zod";
import { operation } from "../operation";
import { emailStatusParamsSchema, forecastQuerySchema, listCyclesQuerySchema } from "../../retention/policies/retention-policies.schemas";
import { forecastDeletions } from "../../retention/lifecycle/forecast-deletions";
import { getEmailRetentionStatus } from "../../retention/lifecycle/get-email-retention-status";
import { getCycleRequest } from "../../retention/lifecycle/get-cycle-request";
import {
  cycleRequestResponse,
  deletionForecastResponse,
  emailRetentionStatusResponse,
  lifecycleCycleResponse,
} from "../../retention/lifecycle/lifecycle.responses";
import { cycleRequestParamsSchema } from "../../retention/lifecycle/lifecycle.schemas";
import { listCycles } from "../../retention/lifecycle/list-cycles";
import { requestLifecycleCycle } from "../../retention/lifecycle/request-lifecycle-cycle";

const manageRetention = { permission: "manage:retention", feature: "RETENTION_POLICY" } as const;

export const forecastDeletionsOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/forecast" },
  summary: "How many emails expire over the coming days",
  access: manageRetention,
  query: forecastQuerySchema,
  response: deletionForecastResponse,
  handler: ({ query }) => forecastDeletions({ days: query.days }),
});

export const listCyclesOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/cycles" },
  summary: "The lifecycle worker's latest cycles",
  access: manageRetention,
  query: listCyclesQuerySchema,
  response: z.array(lifecycleCycleResponse),
  handler: ({ query }) => listCycles({ limit: query.limit }),
});

/**
 * Running the retention rules now is part of managing retention (labels, policies, the cycles that
 * apply them: `manage:retention`), not of deciding reviews (`manage:dispositions` only decides what a
 * cycle queued).
 */
export const requestCycleOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/retention-policy/cycle-requests" },
  summary: "Run a lifecycle cycle now: queued for the worker (an unfinished earlier request is answered instead)",
  access: manageRetention,
  response: cycleRequestResponse,
  status: 202,
  handler: ({ principal }) => requestLifecycleCycle({ actor: principal.actor }),
});

export const getCycleRequestOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/cycle-requests/{id}" },
  summary: "A requested lifecycle cycle: queued, running, finished (with what it did) or failed",
  access: manageRetention,
  params: cycleRequestParamsSchema,
  response: cycleRequestResponse,
  errors: [404],
  handler: ({ params }) => getCycleRequest({ id: params.id }),
});

export const getEmailRetentionStatusOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/email/{emailId}/status" },
  summary: "An email's retention status: its rule, deadline and protections",
  access: { permission: "read:archive", feature: "RETENTION_POLICY" },
  params: emailStatusParamsSchema,
  response: emailRetentionStatusResponse,
  errors: [404],
  handler: ({ principal, params }) => getEmailRetentionStatus({ principal, emailId: params.emailId }),
});
