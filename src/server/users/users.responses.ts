import { z } from "zod";
import { timestamp } from "../http/openapi/response-fields";
import { roleResponse } from "../roles/roles.responses";

export const userResponse = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: roleResponse.nullable(),
  createdAt: timestamp,
});
