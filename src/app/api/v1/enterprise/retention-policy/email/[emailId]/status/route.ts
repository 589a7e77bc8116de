import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getEmailRetentionStatus } from "@/server/lifecycle/get-email-retention-status";
import { emailStatusParamsSchema } from "@/server/retention-policies/retention-policies.schemas";
import { emailRetentionStatusResponse } from "@/server/lifecycle/lifecycle.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: emailRetentionStatusResponse,
    summary: "An email's retention status: its rule, deadline and protections",
    errors: [404],
    auth: "read:archive",
    feature: "RETENTION_POLICY",
    params: emailStatusParamsSchema,
    handler: ({ principal, params }) => getEmailRetentionStatus({ principal, emailId: params.emailId }),
  }),
});
