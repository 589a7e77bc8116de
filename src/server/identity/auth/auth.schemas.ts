import { z } from "zod";
import { createUserSchema } from "../users/users.schemas";

export const loginSchema = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) }).strict();

export const setupSchema = createUserSchema.omit({ roleId: true });

/**
 * `POST /v1/auth/setup`: the first administrator and the one-time setup token the server printed.
 * The token is optional here: once a user exists the answer is 409 whatever the body carries, and
 * only while none exists does the use case ask for it (422 naming `setupToken`).
 */
export const setupRequestSchema = setupSchema.extend({ setupToken: z.string().min(1).max(200).optional() });

export type LoginInput = z.infer<typeof loginSchema>;
export type SetupInput = z.infer<typeof setupSchema>;
export type SetupRequest = z.infer<typeof setupRequestSchema>;
