import { emailIdParamsSchema } from "../../archive/archived-emails.schemas";
import { operation } from "../operation";
import { analyticsStatusResponse, emailThreadResponse } from "../../analytics/analytics.responses";
import { getAnalyticsStatus } from "../../analytics/get-analytics-status";
import { getEmailThread } from "../../analytics/get-email-thread";

const readArchive = { permission: "read:archive" } as const;

export const getEmailThreadOperation = operation({
  rest: { method: "GET", path: "/v1/archived-emails/{id}/thread" },
  summary: "An archived email's conversation as a reply tree, with each email's class",
  access: readArchive,
  params: emailIdParamsSchema,
  response: emailThreadResponse,
  errors: [404, 409],
  handler: ({ principal, params }) => getEmailThread({ principal, emailId: params.id }),
});

export const getAnalyticsStatusOperation = operation({
  rest: { method: "GET", path: "/v1/analytics/status" },
  summary: "How far the review analytics (conversations, near-duplicates, languages) has got",
  access: readArchive,
  response: analyticsStatusResponse,
  handler: ({ principal }) => getAnalyticsStatus({ principal }),
});
