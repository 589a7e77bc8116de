import { z } from "zod";
import { policySchema } from "../authz/permissions";
import { timestamp } from "../../platform/api/response-fields";

export const roleResponse = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  policies: z.array(policySchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});
