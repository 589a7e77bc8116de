import { z } from "zod";
import { timestamp } from "../http/openapi/response-fields";
import { userResponse } from "../users/users.responses";

export const loginResponse = z.object({ accessToken: z.string(), expiresAt: timestamp, user: userResponse });
export const meResponse = z.object({ user: userResponse, permissions: z.array(z.string()) });
