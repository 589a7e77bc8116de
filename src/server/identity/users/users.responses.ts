import { z } from "zod";
import { timestamp } from "../../platform/validation/response-fields";
import { roleResponse } from "../roles/roles.responses";

export const userResponse = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: roleResponse.nullable(),
  createdAt: timestamp,
  /** Added to the interface's shape: a disabled user cannot sign in and their credentials are refused. */
  disabled: z.boolean(),
});

/** The interface's User shape; never carries the password hash. */
export type UserDto = z.infer<typeof userResponse>;
