import { emailIdParamsSchema } from "../archive/archived-emails.schemas";
import { operation } from "../platform/api/operation";
import { analyticsStatusResponse, emailThreadResponse } from "./analytics.responses";
import { getAnalyticsStatus } from "./get-analytics-status";
import { getEmailThread } from "./get-email-thread";

const readArchive = { permission: "read:archive" } as const;

export const getEmailThreadOperation = operation({
  summary: "An archived email's conversation as a reply tree, with each email's class",
  access: readArchive,
  params: emailIdParamsSchema,
  response: emailThreadResponse,
  errors: [404, 409],
  handler: ({ principal, params }) => getEmailThread({ principal, emailId: params.id }),
});

export const getAnalyticsStatusOperation = operation({
  summary: "How far the review analytics (conversations, near-duplicates, languages) has got",
  access: readArchive,
  response: analyticsStatusResponse,
  handler: ({ principal }) => getAnalyticsStatus({ principal }),
});
