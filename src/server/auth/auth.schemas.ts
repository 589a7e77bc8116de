import { z } from "zod";
import { createUserSchema } from "../users/users.schemas";

export const loginSchema = z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) }).strict();

export const setupSchema = createUserSchema.omit({ roleId: true });

export type LoginInput = z.infer<typeof loginSchema>;
export type SetupInput = z.infer<typeof setupSchema>;
