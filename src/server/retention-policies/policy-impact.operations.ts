import { z } from "zod";
import { operation } from "../api/operation";
import { count } from "../http/openapi/response-fields";
import { previewPolicyImpact } from "./preview-policy-impact";
import { policyImpactSchema } from "./retention-policies.schemas";

export const previewPolicyImpactOperation = operation({
  summary: "What saving a retention policy would delete or send to review at the next lifecycle cycle",
  access: { permission: "manage:retention", feature: "RETENTION_POLICY" },
  body: policyImpactSchema,
  response: z.object({ deletesAtNextCycle: count, reviewsAtNextCycle: count }),
  handler: ({ body }) => previewPolicyImpact({ input: body }),
});
