import { z } from "zod";
import { createUserSchema } from "../users/users.schemas";

export const loginSchema = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) }).strict();

export const setupSchema = createUserSchema.omit({ roleId: true });

/** `POST /v1/auth/setup`: the first administrator and the one-time setup token the server printed. */
export const setupRequestSchema = setupSchema.extend({ setupToken: z.string().min(1).max(200) });

export type LoginInput = z.infer<typeof loginSchema>;
export type SetupInput = z.infer<typeof setupSchema>;
export type SetupRequest = z.infer<typeof setupRequestSchema>;
