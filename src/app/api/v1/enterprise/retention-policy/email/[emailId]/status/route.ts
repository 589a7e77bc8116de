import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getEmailRetentionStatus } from "@/server/lifecycle/get-email-retention-status";
import { emailStatusParamsSchema } from "@/server/retention-policies/retention-policies.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "read:archive",
    feature: "RETENTION_POLICY",
    params: emailStatusParamsSchema,
    handler: ({ principal, params }) => getEmailRetentionStatus({ principal, emailId: params.emailId }),
  }),
});
